#!/bin/sh
# Makes the two CMYK profiles under templates/icc from published
# characterization data, as they were made (see templates/icc/README.md).
# Needs ArgyllCMS (Debian: apt-get install argyll) and the data sets of
# Debian's icc-profiles-free package (FOGRA39L.ti3, TR003.ti3).
# Run from the project's top folder; writes templates/icc/*.icc.
set -eu
data=${ICC_DATA:-/usr/share/color/icc}
srgb=${SRGB:-/usr/share/color/argyll/ref/sRGB.icm}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# -qm medium quality tables, -nc no measurement data inside, -kr a ramp of
# black (grey component replaced gradually), -l the total ink limit, -S the
# perceptual table maps sRGB's gamut (what layouts are written in) into the
# press's.
make() { # name data limit description copyright
    cp "$data/$2.ti3" "$work/$1.ti3"
    colprof -qm -nc -kr -l"$3" -S "$srgb" -A pitchprint -D "$4" -C "$5" "$work/$1"
    cp "$work/$1.icc" "templates/icc/$1.icc"
}
make pitchprint-tr003-240 TR003 240 "pitchprint SWOP TR003 240%" \
    "Made by pitchprint's authors with ArgyllCMS colprof from CGATS TR 003 characterization data (ANSI CGATS/SWOP TR 003-2007); free to use, copy and share."
make pitchprint-fogra39-300 FOGRA39L 300 "pitchprint FOGRA39 300%" \
    "Made by pitchprint's authors with ArgyllCMS colprof from FOGRA39L characterization data (Fogra); free to use, copy and share."
