#!/usr/bin/env python3
"""Draws the flat pictures of the example event deck
(layouts/card-examples/pictures/*.png) with the standard library only:
a 4x supersampled canvas of flat shapes, averaged down, written as PNG.
Run from the project root; the output is the same bytes every time."""
import math, struct, zlib, os

W, H, SS = 300, 150, 4

def canvas(bg):
    return [[bg] * (W * SS) for _ in range(H * SS)]

def disc(c, cx, cy, r, col):
    for y in range(max(0, int((cy - r) * SS)), min(H * SS, int((cy + r) * SS) + 1)):
        for x in range(max(0, int((cx - r) * SS)), min(W * SS, int((cx + r) * SS) + 1)):
            if (x / SS - cx) ** 2 + (y / SS - cy) ** 2 <= r * r:
                c[y][x] = col

def rect(c, x0, y0, x1, y1, col):
    for y in range(max(0, int(y0 * SS)), min(H * SS, int(y1 * SS))):
        for x in range(max(0, int(x0 * SS)), min(W * SS, int(x1 * SS))):
            c[y][x] = col

def poly(c, pts, col):
    ys = [p[1] for p in pts]
    for y in range(max(0, int(min(ys) * SS)), min(H * SS, int(max(ys) * SS) + 1)):
        fy = (y + 0.5) / SS
        xs = []
        for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
            if (ay <= fy < by) or (by <= fy < ay):
                xs.append(ax + (fy - ay) * (bx - ax) / (by - ay))
        xs.sort()
        for a, b in zip(xs[::2], xs[1::2]):
            for x in range(max(0, int(a * SS)), min(W * SS, int(b * SS) + 1)):
                c[y][x] = col

def thick(c, a, b, w, col):
    (ax, ay), (bx, by) = a, b
    d = math.hypot(bx - ax, by - ay) or 1
    nx, ny = -(by - ay) / d * w / 2, (bx - ax) / d * w / 2
    poly(c, [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], col)

def save(c, name):
    raw = bytearray()
    for y in range(H):
        raw.append(0)
        for x in range(W):
            acc = [0, 0, 0]
            for dy in range(SS):
                row = c[y * SS + dy]
                for dx in range(SS):
                    p = row[x * SS + dx]
                    acc[0] += p[0]; acc[1] += p[1]; acc[2] += p[2]
            raw += bytes(v // (SS * SS) for v in acc)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    with open(os.path.join("layouts/card-examples/pictures", name), "wb") as f:
        f.write(png)

SKY, GREY, WHITE, BLUE = (170, 205, 230), (120, 130, 140), (255, 255, 255), (40, 110, 190)
GRASS, LINE, YELLOW, RED = (70, 150, 80), (235, 245, 235), (241, 196, 15), (214, 40, 40)
GOLD, DARK, NIGHT = (212, 160, 23), (27, 42, 65), (230, 236, 242)

# Weather: a rain cloud over the pitch.
c = canvas(SKY)
rect(c, 0, 110, W, H, GRASS)
rect(c, 0, 122, W, 125, LINE)
for cx, cy, r in [(120, 55, 28), (155, 45, 34), (190, 58, 26), (150, 68, 24)]:
    disc(c, cx, cy, r, GREY)
for k in range(7):
    x = 105 + k * 15
    thick(c, (x, 92), (x - 8, 108), 4, BLUE)
save(c, "weather.png")

# Referee: a yellow and a red card held up.
c = canvas(NIGHT)
poly(c, [(110, 30), (150, 22), (165, 112), (125, 120)], YELLOW)
poly(c, [(150, 35), (190, 30), (195, 122), (155, 126)], RED)
disc(c, 170, 135, 16, (224, 172, 130))
save(c, "referee.png")

# Tactics: a board with arrows between two circles and a cross.
c = canvas(GRASS)
rect(c, 148, 0, 152, H, LINE)
disc(c, 80, 75, 14, WHITE); disc(c, 80, 75, 9, GRASS)
thick(c, (210, 62), (234, 88), 6, WHITE); thick(c, (234, 62), (210, 88), 6, WHITE)
thick(c, (98, 70), (180, 45), 5, YELLOW)
poly(c, [(196, 40), (176, 36), (182, 55)], YELLOW)
thick(c, (98, 82), (185, 105), 5, YELLOW)
poly(c, [(200, 110), (181, 96), (178, 116)], YELLOW)
save(c, "tactics.png")

# Market: a stack of coins.
c = canvas((245, 238, 220))
for k in range(5):
    disc(c, 150, 100 - k * 12, 36, DARK)
    disc(c, 150, 95 - k * 12, 36, GOLD)
disc(c, 150, 47, 22, (232, 190, 60))
save(c, "market.png")

# The rules card: a hand of three event cards, fanned.
c = canvas((236, 240, 246))
for k, (dx, ang) in enumerate([(-40, -0.35), (0, 0.0), (40, 0.35)]):
    cx, cy, w, h = 150 + dx, 80, 50, 76
    ca, sa = math.cos(ang), math.sin(ang)
    corner = lambda x, y: (cx + x * ca - y * sa, cy + x * sa + y * ca)
    poly(c, [corner(-w / 2 - 3, -h / 2 - 3), corner(w / 2 + 3, -h / 2 - 3), corner(w / 2 + 3, h / 2 + 3), corner(-w / 2 - 3, h / 2 + 3)], DARK)
    poly(c, [corner(-w / 2, -h / 2), corner(w / 2, -h / 2), corner(w / 2, h / 2), corner(-w / 2, h / 2)], WHITE)
    poly(c, [corner(w / 2 - 16, -h / 2 + 4), corner(w / 2 - 4, -h / 2 + 4), corner(w / 2 - 4, -h / 2 + 16), corner(w / 2 - 16, -h / 2 + 16)], DARK)
save(c, "rules.png")
