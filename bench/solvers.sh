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

# 'seeded_configs K CONFIG...' fills the array 'configs' with K copies of
# each CONFIG, one per random solver seed S (0 <= S < 2^31): 'L=OPTIONS'
# becomes 'L+sS=OPTIONS --seed=S' (einsat's, Kissat's and CaDiCaL's
# option; a '@COMMAND' gets it appended), and 'solver_seeds' with the
# seeds.  bench/families.py pools the labels 'L+sS' under L.  With K = 1
# the configs are kept as they are (the solvers' default seeds).
seeded_configs () {
  local count=$1 k s config
  shift
  configs=() solver_seeds=()
  if [ "$count" -le 1 ]; then configs=("$@"); return; fi
  for ((k = 0; k < count; k++)); do
    s=$(($(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 2147483648))
    solver_seeds+=("$s")
    for config in "$@"; do
      configs+=("${config%%=*}+s$s=${config#*=} --seed=$s")
    done
  done
}
