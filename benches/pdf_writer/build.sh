#!/usr/bin/env bash
# One cold release build of one scratch crate of benches/pdf_writer.md, its CPU
# time measured (user + sys in DIR.time; wall time means little on a shared
# 2-core machine), at the lowest priority, with cargo's per-crate timings:
#
#   bash benches/pdf_writer/build.sh pdfwriter
#   benches/pdf_writer/pdfwriter/target/release/eval_pdfwriter \
#       layouts/league/photos/0014.jpg /tmp/pdfwriter.pdf
#
# (SUBSET_BENCH=50 before the pdfwriter or printpdf_lean program times 50
# subsets of Latin-1's glyphs instead.) The crates' own target folders are
# deleted first: the build starts from nothing but the downloaded crates.
set -u
d=$1
cd "$(dirname "$0")/$d"
rm -rf target
/usr/bin/time -v -o ../$d.time nice -n 19 cargo build --release -q --timings 2> ../$d.build.log
echo "rc=$?" >> ../$d.time
