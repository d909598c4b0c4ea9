"""Sums the unit durations of a `cargo build --timings` report
(benches/pdf_writer.md): wall seconds of each rustc under the load there
was, so a share of the whole rather than CPU time. With GONE.txt (lines
"name vX.Y.Z", e.g. from `comm` of two `cargo tree --prefix none` lists),
also the share of those crates.

    python3 timings.py today/target/cargo-timings/cargo-timing.html gone.txt
"""
import json, re, sys
html = open(sys.argv[1]).read()
m = re.search(r"const UNIT_DATA = (\[.*?\]);\n", html, re.S)
units = json.loads(m.group(1))
gone = set()
if len(sys.argv) > 2:
    for line in open(sys.argv[2]):
        name, ver = line.split()[:2]
        gone.add((name.replace('-', '_'), ver.lstrip('v')))
total = sum(u["duration"] for u in units)
sel = [u for u in units if (u["name"].replace('-', '_'), u["version"]) in gone]
print(f"units {len(units)} total {total:.1f} s; gone {len(sel)} units {sum(u['duration'] for u in sel):.1f} s")
for u in sorted(units, key=lambda u: -u["duration"])[:12]:
    print(f"  {u['name']} {u['version']} {u.get('target','')} {u['duration']:.1f}")
