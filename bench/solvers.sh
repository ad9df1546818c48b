# bench/solvers.sh - sourced by the benchmark scripts that compare
# configurations: 'solver_arguments EINSAT LIMIT CONFIG...' fills the
# array 'solvers' with run-bench's '-s' arguments.  A CONFIG is
# LABEL=OPTIONS (the command EINSAT with these options) or LABEL=@COMMAND
# (another solver); each runs under a CPU limit of LIMIT seconds.
solver_arguments () {
  local einsat=$1 limit=$2 config label options command
  shift 2
  solvers=()
  for config in "$@"; do
    label=${config%%=*} options=${config#*=}
    case $options in
      @*) command=${options#@} ;;
      *) command="$einsat $options" ;;
    esac
    solvers+=(-s "$label=sh -c 'ulimit -t $limit; exec $command {in}'")
  done
}
