"""Compares two output trees (scripts/snapshot.sh) file by file, masking
exactly one thing: each PDF's trailer /ID, which changes when the way it is
computed changes. Everything else (page content streams, fonts, images, every
SVG and PNG) must be byte-identical. Prints the files that differ and both
masked tree digests; exits 1 when any file differs.

    python3 scripts/compare_outputs.py /tmp/before /tmp/after
"""
import hashlib, os, re, sys
ID = re.compile(rb'/ID\s*\[\s*<[0-9A-Fa-f]*>\s*<[0-9A-Fa-f]*>\s*\]')
def tree(root):
    out = {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if f.endswith('.log'): continue
            p = os.path.join(d, f)
            b = open(p, 'rb').read()
            if f.endswith('.pdf'):
                b, n = ID.subn(b'/ID[MASKED]', b)
                assert n == 1, (p, n)
            out[os.path.relpath(p, root)] = hashlib.sha256(b).hexdigest()
    return out
a, b = tree(sys.argv[1]), tree(sys.argv[2])
diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
for k in diff[:40]: print('DIFFERS', k)
dig = lambda t: hashlib.sha256(''.join(f'{k} {v}\n' for k, v in sorted(t.items())).encode()).hexdigest()[:16]
print(f'{len(a)} vs {len(b)} files, {len(diff)} differ; masked digests {dig(a)} {dig(b)}')
sys.exit(1 if diff else 0)
