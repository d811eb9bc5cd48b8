#!/usr/bin/env python3
"""Draws the rasteriser's primitives sheet with Cairo and compares it with ours.

The sheet is the one in Tests/RasterTests/PrimitivesSheet.swift; the two must
be kept in step. Cairo is a yardstick only: nothing in the build or the tests
needs it.

    scripts/cairo_reference.py            # write the Cairo PNGs, then compare
    scripts/cairo_reference.py --no-write # compare against the committed ones

Writes Tests/RasterTests/Goldens/cairo/{primitives,primitives-shapes}.png and
prints, for each, the per-channel maximum and mean absolute difference from
our goldens of the same names and the PSNR over R, G and B.

Needs pycairo: `apt-get install python3-cairo` (then run it with
/usr/bin/python3) or `pip install pycairo`.
"""
import math
import os
import sys

try:
    import cairo
except ImportError:
    sys.exit("cairo_reference.py needs pycairo: apt-get install python3-cairo "
             "(then run it with /usr/bin/python3) or pip install pycairo")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDENS = os.path.join(ROOT, "Tests", "RasterTests", "Goldens")
WIDTH, HEIGHT = 800, 640


def hex_color(ctx, value, alpha=1.0):
    ctx.set_source_rgba(((value >> 16) & 0xFF) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255, alpha)


def circle(ctx, x, y, r):
    ctx.new_sub_path()
    ctx.arc(x, y, r, 0, 2 * math.pi)
    ctx.close_path()


def stroke_line(ctx, a, b, width, cap, color):
    ctx.move_to(*a)
    ctx.line_to(*b)
    ctx.set_line_width(width)
    ctx.set_line_cap(cap)
    hex_color(ctx, color)
    ctx.stroke()


def draw_shapes(ctx):
    ctx.set_miter_limit(4)
    ctx.set_line_join(cairo.LINE_JOIN_MITER)
    radii = [2, 5, 10, 20, 36]
    xs = [20, 50, 90, 150, 240]
    widths = [1, 1.5, 2.5, 2.5, 4]
    for r, x, w in zip(radii, xs, widths):
        circle(ctx, x, 50, r)
        hex_color(ctx, 0x1F4E79)
        ctx.fill()
        circle(ctx, x, 140, r)
        ctx.set_line_width(w)
        hex_color(ctx, 0xC0392B)
        ctx.stroke()
    stroke_line(ctx, (330, 60), (400, 130), 2, cairo.LINE_CAP_BUTT, 0x7F8C8D)
    for x, y in [(330, 60), (400, 130)]:
        circle(ctx, x, y, 22)
        hex_color(ctx, 0xF4D03F)
        ctx.fill()
        circle(ctx, x, y, 22)
        ctx.set_line_width(2.5)
        hex_color(ctx, 0x000000)
        ctx.stroke()
    caps = [cairo.LINE_CAP_BUTT, cairo.LINE_CAP_ROUND, cairo.LINE_CAP_SQUARE]
    for k, cap in enumerate(caps):
        cx, cy = 100 + 160 * k, 300
        for step in range(24):
            angle = step * math.pi / 12
            dx, dy = math.cos(angle), math.sin(angle)
            stroke_line(ctx, (cx + 20 * dx, cy + 20 * dy), (cx + 70 * dx, cy + 70 * dy), 3, cap, 0x2C3E50)
    for step in range(36):
        angle = step * math.pi / 18 + 0.05
        cx, cy = 580, 300
        stroke_line(ctx, (cx + 10 * math.cos(angle), cy + 10 * math.sin(angle)),
                    (cx + 70 * math.cos(angle), cy + 70 * math.sin(angle)), 1, cairo.LINE_CAP_BUTT, 0x000000)
    zigzag = [(40, 470), (80, 410), (120, 470), (150, 420), (170, 470), (185, 410), (195, 470)]
    joins = [cairo.LINE_JOIN_MITER, cairo.LINE_JOIN_ROUND, cairo.LINE_JOIN_BEVEL]
    for k, join in enumerate(joins):
        for i, (x, y) in enumerate(zigzag):
            (ctx.move_to if i == 0 else ctx.line_to)(x + 190 * k, y + 30)
        ctx.set_line_width(10)
        ctx.set_line_cap(cairo.LINE_CAP_BUTT)
        ctx.set_line_join(join)
        hex_color(ctx, 0x16A085)
        ctx.stroke()
    ctx.set_line_join(cairo.LINE_JOIN_MITER)
    for k in range(5):
        angle = -math.pi / 2 + k * 2 * 2 * math.pi / 5
        (ctx.move_to if k == 0 else ctx.line_to)(720 + 50 * math.cos(angle), 300 + 50 * math.sin(angle))
    ctx.close_path()
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    hex_color(ctx, 0x8E44AD)
    ctx.fill()
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    x, y, w, h, r = 600, 460, 90, 60, 14
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
    ctx.close_path()
    hex_color(ctx, 0x2980B9, 0.6)
    ctx.fill()
    ctx.save()
    ctx.translate(650 + 60, 490 + 35)
    ctx.scale(60, 35)
    circle(ctx, 0, 0, 1)
    ctx.restore()
    hex_color(ctx, 0xE67E22, 0.6)
    ctx.fill()
    for x, y, color in [(80, 585, 0xFF0000), (125, 585, 0x00AA00), (102, 547, 0x0000FF)]:
        circle(ctx, x, y, 32)
        hex_color(ctx, color, 0.5)
        ctx.fill()


def draw_text(ctx):
    ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    ctx.set_font_options(options)
    hex_color(ctx, 0x000000)
    for size, y in [(12, 40), (24, 80), (48, 150)]:
        ctx.set_font_size(size)
        ctx.move_to(470, y)
        ctx.show_text("Binary 1742")
    ctx.set_font_size(18)
    for text, x, y in [("42", 330, 60), ("7", 400, 130)]:
        xb, yb, w, h, _, _ = ctx.text_extents(text)
        ctx.move_to(x - (xb + w / 2), y - (yb + h / 2))
        ctx.show_text(text)


def render(with_text):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH, HEIGHT)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    draw_shapes(ctx)
    if with_text:
        draw_text(ctx)
    surface.flush()
    return surface


def channels(surface):
    """R, G, B of an opaque ARGB32 surface, as three lists."""
    data = bytes(surface.get_data())
    stride = surface.get_stride()
    little = sys.byteorder == "little"
    r, g, b = [], [], []
    for y in range(surface.get_height()):
        row = data[y * stride:y * stride + 4 * surface.get_width()]
        if little:
            b += row[0::4]; g += row[1::4]; r += row[2::4]
        else:
            r += row[1::4]; g += row[2::4]; b += row[3::4]
    return r, g, b


def compare(name, reference):
    ours_path = os.path.join(GOLDENS, name + ".png")
    if not os.path.exists(ours_path):
        print(f"{name}: no golden at {ours_path}; run the Raster tests first")
        return
    ours = cairo.ImageSurface.create_from_png(ours_path)
    squared, count = 0, 0
    report = []
    for label, a, b in zip("RGB", channels(ours), channels(reference)):
        diffs = [abs(p - q) for p, q in zip(a, b)]
        squared += sum(d * d for d in diffs)
        count += len(diffs)
        report.append(f"{label} max {max(diffs):3d} mean {sum(diffs) / len(diffs):.4f}")
    mse = squared / count
    psnr = float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)
    print(f"{name}: " + ", ".join(report) + f"; PSNR {psnr:.2f} dB")


def main():
    write = "--no-write" not in sys.argv[1:]
    out = os.path.join(GOLDENS, "cairo")
    for name, with_text in [("primitives", True), ("primitives-shapes", False)]:
        path = os.path.join(out, name + ".png")
        if write:
            os.makedirs(out, exist_ok=True)
            render(with_text).write_to_png(path)
        compare(name, cairo.ImageSurface.create_from_png(path))


if __name__ == "__main__":
    main()
