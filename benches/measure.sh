# Sourced by the benchmarks (not run alone): `measure CMD...` runs the
# command $runs times, its output thrown away, and prints the median wall
# time and the largest peak memory of the runs, by GNU time, as
# "1.83 s, peak 54 MB"; or that it failed, when a run does. Needs $runs
# and a scratch folder $work. `median X...` prints the median of numbers.
median() {
  printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"
}

measure() {
  local walls=() peak=0 wall rss
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1; then
      echo "failed: $(head -n 1 "$work/time")"
      return
    fi
    read -r wall rss < "$work/time"
    walls+=("$wall")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  echo "$(median "${walls[@]}") s, peak $(( peak / 1024 )) MB"
}
