"""Golden vectors for the YUV 4:2:0 -> RGB matrices, from a reference written from the standards.

    python3 tests/vectors/gen/yuv_gen.py > tests/vectors/image/yuv_matrices.jsonl

No TensorFlow involved (TensorFlow has no integer YUV conversion); plain Python, exact rationals.

The matrices (ITU-R BT.601 and BT.709 define them by their luma weights Kr, Kb; Kg = 1 - Kr - Kb):
  R = Y' + 2(1 - Kr) Cr
  G = Y' - 2 Kb (1 - Kb) / Kg Cb - 2 Kr (1 - Kr) / Kg Cr
  B = Y' + 2(1 - Kb) Cb
BT.601: Kr = 0.299, Kb = 0.114. BT.709: Kr = 0.2126, Kb = 0.0722.
Limited ("video") range: Y' = (Y - 16) * 255/219, Cb = (U - 128) * 255/224, Cr likewise.
Full range (JFIF for BT.601): Y' = Y, Cb = U - 128, Cr = V - 128.

The rounding rule (the contract): each coefficient, times 2^16, rounded to the nearest integer;
each channel is sum(coefficient * term) + 2^15, shifted right by 16 (floor), clamped to 0..255.
Chroma sample (x // 2, y // 2) serves pixel (x, y).

One JSON object per line:
  matrix        BT601_LIMITED | BT601_FULL | BT709_LIMITED | BT709_FULL
  code          the matrix's code (its YuvColorMatrix ordinal)
  coefficients  [y_offset, y_gain, v_to_r, u_to_g, v_to_g, u_to_b] in 16-bit fixed point
  layout        NV12 | NV21 (the packed frame's layout)
  width, height the frame's size
  frame         hex of the packed frame (Y plane, then interleaved chroma)
  rgb           hex of the expected RGB bytes (row-major, R, G, B)
"""
import json
import random
from fractions import Fraction as F

MATRICES = [
    ("BT601_LIMITED", F("0.299"), F("0.114"), False),
    ("BT601_FULL", F("0.299"), F("0.114"), True),
    ("BT709_LIMITED", F("0.2126"), F("0.0722"), False),
    ("BT709_FULL", F("0.2126"), F("0.0722"), True),
]


def fixed(x):
    """x * 2^16 rounded to the nearest integer (halves up; x is positive)."""
    scaled = x * 65536
    return int(scaled + F(1, 2))


def coefficients(kr, kb, full):
    kg = 1 - kr - kb
    y_scale, c_scale = (F(1), F(1)) if full else (F(255, 219), F(255, 224))
    return [
        0 if full else 16,
        fixed(y_scale),
        fixed(2 * (1 - kr) * c_scale),
        fixed(2 * kb * (1 - kb) / kg * c_scale),
        fixed(2 * kr * (1 - kr) / kg * c_scale),
        fixed(2 * (1 - kb) * c_scale),
    ]


def clamp(x):
    return max(0, min(255, (x + 32768) >> 16))


def convert(frame, layout, w, h, c):
    y_off, gain, v_r, u_g, v_g, u_b = c
    cw = (w + 1) // 2
    chroma = frame[w * h:]
    out = []
    for y in range(h):
        for x in range(w):
            s = 2 * ((y // 2) * cw + x // 2)
            u, v = (chroma[s], chroma[s + 1]) if layout == "NV12" else (chroma[s + 1], chroma[s])
            luma = gain * (frame[y * w + x] - y_off)
            d, e = u - 128, v - 128
            out += [clamp(luma + v_r * e), clamp(luma - u_g * d - v_g * e), clamp(luma + u_b * d)]
    return bytes(out)


def frames(rng):
    # Random frames (even and odd sizes), then one of extreme values: every (Y, U, V) with
    # components from EDGES, one 2x2 block per (U, V) pair, its four lumas differing.
    for w, h in [(8, 6), (7, 5), (33, 3)]:
        n = w * h + 2 * ((w + 1) // 2) * ((h + 1) // 2)
        yield w, h, bytes(rng.randrange(256) for _ in range(n))
    edges = [0, 1, 16, 17, 127, 128, 129, 235, 240, 254, 255]
    pairs = [(u, v) for u in edges for v in edges]
    w, h = 2 * len(pairs), 2
    lumas = [edges[(i * 7) % len(edges)] for i in range(w * h)]
    chroma = [b for u, v in pairs for b in (u, v)]
    yield w, h, bytes(lumas + chroma)


def main():
    rng = random.Random(20261208)
    cases = list(frames(rng))
    for code, (name, kr, kb, full) in enumerate(MATRICES):
        c = coefficients(kr, kb, full)
        for layout in ("NV12", "NV21"):
            for w, h, frame in cases:
                print(json.dumps({
                    "matrix": name, "code": code, "coefficients": c, "layout": layout,
                    "width": w, "height": h, "frame": frame.hex(),
                    "rgb": convert(frame, layout, w, h, c).hex(),
                }))


if __name__ == "__main__":
    main()
