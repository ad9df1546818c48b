#!/usr/bin/env bash
# Filters a suite's report (stdin to stdout): 'not ok NAME: MESSAGE'
# lines matching a pattern of 'tests/common/known-bugs' become 'skip'
# lines naming the known bug.  Everything else passes unchanged.
list=$(dirname "$0")/known-bugs
while IFS= read -r line; do
  if [[ $line == "not ok "* ]]; then
    while IFS=$'\t' read -r pattern description; do
      [[ -z $pattern || $pattern == "#"* ]] && continue
      # shellcheck disable=SC2053 # the pattern is a glob
      if [[ $line == *$pattern* ]]; then
        name=${line#not ok }
        line="skip ${name%%: *}: known core bug: $description"
        break
      fi
    done <"$list"
  fi
  printf '%s\n' "$line"
done
