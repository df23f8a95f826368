"""Build primitives_html/world-map/world-110m.json from Natural Earth 110m countries.

Source: the world-atlas npm package (TopoJSON, numeric ISO ids).

Run once when the geodata should change (needs no network itself):

    cd /tmp && npm pack world-atlas i18n-iso-countries
    tar xzf world-atlas-2.0.2.tgz && mkdir iso && tar xzf i18n-iso-countries-*.tgz -C iso
    python scripts/build_geodata.py package/countries-110m.json iso/package/codes.json

The output maps ISO 3166-1 alpha-2 codes to SVG path strings in a Natural Earth projection
fitted to the 1280x720 scene, so the world-map primitive needs no projection code at runtime.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

WIDTH, HEIGHT, PAD = 1280, 720, 24
# Next to the scene: the composition page is self-contained and its Jinja loader is rooted at
# primitives_html/, so the world-map scene inlines this file with {% include %}.
OUT = Path(__file__).resolve().parent.parent / "primitives_html" / "world-map" / "world-110m.json"
# Countries Natural Earth draws without an ISO numeric id.
EXTRA_CODES = {"Kosovo": "XK"}
SHORT_NAMES = {"United States of America": "United States"}
DROPPED = {"010"}  # Antarctica: takes a fifth of the frame and is never a recipient's country

Point = tuple[float, float]
Ring = list[Point]


def natural_earth(lon: float, lat: float) -> Point:
    """Natural Earth I projection (Savric et al.), unscaled; y grows northwards."""
    lam, phi = math.radians(lon), math.radians(lat)
    p2 = phi * phi
    p4 = p2 * p2
    x = lam * (0.8707 - 0.131979 * p2 + p4 * (-0.013791 + p4 * (0.003971 * p2 - 0.001529 * p4)))
    y = phi * (1.007226 + p2 * (0.015085 + p4 * (-0.044475 + 0.028874 * p2 - 0.005916 * p4)))
    return x, y


def decode_arcs(topology: dict) -> list[Ring]:
    """Delta-decode and de-quantize every TopoJSON arc into lon/lat points."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs: list[Ring] = []
    for arc in topology["arcs"]:
        x = y = 0
        points: Ring = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(indexes: list[int], arcs: list[Ring]) -> Ring:
    """Join the arcs of one ring (negative index = reversed arc), dropping shared endpoints."""
    points: Ring = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        points.extend(arc if not points else arc[1:])
    return points


def unwrap(ring: Ring) -> Ring:
    """Make a ring that crosses the antimeridian continuous (longitudes may pass 180)."""
    out: Ring = [ring[0]]
    for lon, lat in ring[1:]:
        prev = out[-1][0]
        while lon - prev > 180:
            lon -= 360
        while prev - lon > 180:
            lon += 360
        out.append((lon, lat))
    if min(lon for lon, _ in out) < -180:
        out = [(lon + 360, lat) for lon, lat in out]
    return out


def clip_half(ring: Ring, keep_west: bool) -> Ring:
    """Sutherland-Hodgman clip of a ring against the meridian 180 (west side or east side)."""
    inside = (lambda p: p[0] <= 180) if keep_west else (lambda p: p[0] >= 180)
    out: Ring = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        if inside(a) != inside(b):
            t = (180 - a[0]) / (b[0] - a[0])
            crossing = (180.0, a[1] + t * (b[1] - a[1]))
            out.extend([a, crossing] if inside(a) else [crossing])
        elif inside(a):
            out.append(a)
    return out


def split_at_antimeridian(ring: Ring) -> list[Ring]:
    """One ring, or two when it straddles 180 degrees (Russia's Chukotka, Fiji)."""
    ring = unwrap(ring)
    if max(lon for lon, _ in ring) <= 180:
        return [ring]
    west = clip_half(ring, keep_west=True)
    east = [(lon - 360, lat) for lon, lat in clip_half(ring, keep_west=False)]
    return [r for r in (west, east) if len(r) >= 3]


def polygons_of(geometry: dict) -> list[list[list[int]]]:
    """The polygons (lists of rings of arc indexes) of a Polygon or MultiPolygon."""
    if geometry["type"] == "Polygon":
        return [geometry["arcs"]]
    if geometry["type"] == "MultiPolygon":
        return geometry["arcs"]
    return []


def ring_area(ring: Ring) -> float:
    """Absolute shoelace area of a projected ring."""
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
            )
        )
        / 2
    )


def inside(point: Point, ring: list[Point]) -> bool:
    """Even-odd point-in-polygon test."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def pin_point(ring: list[Point]) -> Point:
    """A point on land for the map pin: the ring's centroid when it falls inside, else the
    middle of the widest inside stretch of the horizontal line through the centroid."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return ring[0]
    centroid = (cx / (3 * area), cy / (3 * area))
    if inside(centroid, ring):
        return centroid
    y = centroid[1]
    xs = sorted(
        x0 + (y - y0) * (x1 - x0) / (y1 - y0)
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
        if (y0 > y) != (y1 > y)
    )
    spans = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
    if not spans:
        return centroid
    a, b = max(spans, key=lambda span: span[1] - span[0])
    return ((a + b) / 2, y)


def path_d(rings: list[list[tuple[int, int]]]) -> str:
    """Compact SVG path: absolute move, then relative integer-tenth line segments per ring."""
    parts: list[str] = []
    for ring in rings:
        (x0, y0), rest = ring[0], ring[1:]
        seg = [f"M{x0 / 10:g} {y0 / 10:g}"]
        px, py = x0, y0
        deltas: list[str] = []
        for x, y in rest:
            if (x, y) == (px, py):
                continue
            deltas.append(f"{(x - px) / 10:g} {(y - py) / 10:g}")
            px, py = x, y
        if deltas:
            seg.append("l" + " ".join(deltas))
        parts.append("".join(seg) + "z")
    return "".join(parts).replace(" -", "-")


def build(topology_path: Path, codes_path: Path) -> dict:
    """Project every country and return the JSON document the world-map scene inlines."""
    topology = json.loads(topology_path.read_text())
    numeric_to_alpha2 = {row[2]: row[0] for row in json.loads(codes_path.read_text())}
    arcs = decode_arcs(topology)
    countries: list[tuple[str, str, list[list[Ring]]]] = []
    for geometry in topology["objects"]["countries"]["geometries"]:
        numeric, name = geometry.get("id"), geometry["properties"]["name"]
        if numeric in DROPPED:
            continue
        code = numeric_to_alpha2.get(numeric) or EXTRA_CODES.get(name) or ""
        polys: list[list[Ring]] = []
        for poly in polygons_of(geometry):
            # Holes are dropped when a ring is split; none of the split countries has one.
            pieces = [split_at_antimeridian(ring_points(r, arcs)) for r in poly]
            if len(pieces[0]) == 1:
                polys.append([piece[0] for piece in pieces])
            else:
                polys.extend([piece] for piece in pieces[0])
        polys = [
            [[natural_earth(lon, lat) for lon, lat in ring] for ring in poly] for poly in polys
        ]
        countries.append((code, name, polys))
    xs = [x for _, _, polys in countries for poly in polys for ring in poly for x, _ in ring]
    ys = [y for _, _, polys in countries for poly in polys for ring in poly for _, y in ring]
    scale = min((WIDTH - 2 * PAD) / (max(xs) - min(xs)), (HEIGHT - 2 * PAD) / (max(ys) - min(ys)))
    ox = (WIDTH - scale * (max(xs) - min(xs))) / 2 - scale * min(xs)
    oy = (HEIGHT - scale * (max(ys) - min(ys))) / 2 + scale * max(ys)

    def to_tenths(ring: Ring) -> list[tuple[int, int]]:
        return [(round((ox + scale * x) * 10), round((oy - scale * y) * 10)) for x, y in ring]

    out_countries: dict[str, dict] = {}
    unnamed: list[str] = []
    for code, name, polys in countries:
        screen = [[to_tenths(ring) for ring in poly] for poly in polys]
        d = path_d([ring for poly in screen for ring in poly])
        if not code:
            unnamed.append(d)
            continue
        # Focus box = the largest polygon (France without French Guiana, USA without Alaska...).
        main = max(screen, key=lambda poly: ring_area([(x, y) for x, y in poly[0]]))[0]
        fx = [x / 10 for x, _ in main]
        fy = [y / 10 for _, y in main]
        px, py = pin_point([(x / 10, y / 10) for x, y in main])
        cx = [x / 10 for poly in screen for ring in poly for x, _ in ring]
        cy = [y / 10 for poly in screen for ring in poly for _, y in ring]
        out_countries[code] = {
            "name": SHORT_NAMES.get(name, name),
            "d": d,
            "focus": [round(min(fx), 1), round(min(fy), 1), round(max(fx), 1), round(max(fy), 1)],
            "bbox": [round(min(cx), 1), round(min(cy), 1), round(max(cx), 1), round(max(cy), 1)],
            "pin": [round(px, 1), round(py, 1)],
        }
    return {
        "source": "Natural Earth 1:110m Cultural Vectors, admin 0 countries, via world-atlas 2.0.2",
        "license": "Natural Earth data: public domain. world-atlas packaging: ISC, "
        "Copyright 2013-2019 Michael Bostock. ISO codes mapping: i18n-iso-countries (MIT).",
        "projection": "Natural Earth I, Antarctica removed, fitted to 1280x720 with 24px padding",
        "width": WIDTH,
        "height": HEIGHT,
        "countries": dict(sorted(out_countries.items())),
        "unnamed": unnamed,
    }


def main() -> None:
    """Entry point: build_geodata.py <countries-110m.json> <codes.json>."""
    doc = build(Path(sys.argv[1]), Path(sys.argv[2]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, separators=(",", ":")))
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KB, {len(doc['countries'])} countries)")


if __name__ == "__main__":
    main()
