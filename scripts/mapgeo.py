#!/usr/bin/env python3
"""scripts/mapgeo.py - draws the standard map as hexagon tiles: maps/standard.geo.

Run by hand when the design changes (`python3 scripts/mapgeo.py >
maps/standard.geo`, or `--preview FILE.png` first for a quick look); its
output is committed as data and compiled into pbemd, whose loader
(adjudicator/render/mapgeo.c) checks it again at every use. The same
script gives the same bytes. The drawing is made from facts only: the
provinces, their kinds and adjacencies (maps/standard.map) and a rough
geographic centre of each (POS below, from the project's research data).
Everything else is this script's own design:

1. Project: latitude to y through a piecewise-linear scale, longitude to
   x through a pseudo-conic whose parallels shrink towards the north
   (Scandinavia and Russia are compressed, as on every board), the east
   squeezed. Some seeds are placed by hand instead (AT: the seas, where
   their names go, and Britain, larger than life), and a lens over the
   crowded centre of the continent gives it room.
2. Grow: every province grows from its seed over a grid of pointy-top
   hexagons, cheapest tile first, the cost being the power distance to
   the province's skeleton (a line from its seed through SKELETON, and
   the lines of BRANCHES) less its weight (WEIGHT). A tile may be taken only next to a tile the
   province already holds (so each province is one piece), and only if
   every neighbouring tile belongs to the same province, an adjacent one
   (an army or fleet neighbour in maps/standard.map) or a wall. So no two
   provinces touch that are not adjacent on the map. Tiles nobody may
   take would become walls (impassable land, like Switzerland).
3. Balance: a province too shallow for its label and units (no tile three
   steps from its border) gets more weight, and the growth runs again.
4. Place: in every province the label, the unit below it, the supply
   centre left of the label and a dislodged unit down and right are put
   where the group has the most room; each coast of a split-coast
   province gets a fleet's spot near that coast's neighbours.

The script refuses to write a drawing in which a province has no room
for its group, and reports on stderr the map adjacencies that got no
shared border (the ideal is none) and the provinces with little room.
The format it writes is described in maps/README.md.
"""

import heapq
import math
import sys

MAP = 'maps/standard.map'

# --- facts: approximate (latitude N, longitude E) of each province's region.
POS = {
    'ADR': (43.0, 15.5), 'AEG': (38.5, 25.0), 'ALB': (41.0, 20.0),
    'ANK': (40.5, 34.0), 'APU': (41.0, 16.0), 'ARM': (40.0, 42.0),
    'BAL': (55.5, 17.0), 'BAR': (73.0, 35.0), 'BEL': (50.6, 4.5),
    'BER': (52.5, 13.4), 'BLA': (43.5, 34.0), 'BOH': (49.8, 14.5),
    'BOT': (62.5, 20.0), 'BRE': (48.2, -3.5), 'BUD': (47.2, 20.0),
    'BUL': (42.7, 25.3), 'BUL/EC': (42.8, 27.8), 'BUL/SC': (41.3, 24.5),
    'BUR': (47.0, 5.0), 'CLY': (56.5, -4.8), 'CON': (41.0, 28.5),
    'DEN': (56.0, 9.5), 'EAS': (34.0, 30.0), 'EDI': (56.5, -2.8),
    'ENG': (50.0, -2.0), 'FIN': (63.0, 26.0), 'GAL': (49.5, 23.0),
    'GAS': (44.0, 0.5), 'GRE': (39.5, 22.0), 'HEL': (54.3, 7.5),
    'HOL': (52.3, 5.5), 'ION': (37.0, 18.5), 'IRI': (52.0, -7.0),
    'KIE': (53.8, 10.0), 'LON': (51.6, 0.0), 'LVN': (57.5, 25.0),
    'LVP': (54.0, -3.0), 'LYO': (42.5, 4.5), 'MAO': (44.0, -14.0),
    'MAR': (43.8, 5.5), 'MOS': (55.7, 37.6), 'MUN': (48.8, 11.5),
    'NAF': (34.0, 2.0), 'NAO': (55.0, -20.0), 'NAP': (40.8, 15.0),
    'NTH': (56.0, 3.0), 'NWG': (67.0, 5.0), 'NWY': (61.0, 9.0),
    'PAR': (48.7, 2.3), 'PIC': (50.0, 2.3), 'PIE': (45.0, 8.0),
    'POR': (39.5, -8.0), 'PRU': (54.0, 19.0), 'ROM': (42.0, 12.5),
    'RUH': (51.3, 7.3), 'RUM': (45.0, 25.0), 'SER': (44.0, 20.8),
    'SEV': (47.0, 38.0), 'SIL': (51.0, 16.5), 'SKA': (58.0, 9.5),
    'SMY': (38.5, 30.0), 'SPA': (40.0, -4.0), 'SPA/NC': (43.5, -5.0),
    'SPA/SC': (37.0, -3.0), 'STP': (62.0, 35.0), 'STP/NC': (69.0, 38.0),
    'STP/SC': (60.0, 28.0), 'SWE': (60.0, 15.0), 'SYR': (36.5, 38.0),
    'TRI': (45.0, 15.5), 'TUN': (35.5, 9.5), 'TUS': (43.5, 11.0),
    'TYR': (47.0, 12.0), 'TYS': (39.5, 12.0), 'UKR': (49.5, 30.0),
    'VEN': (45.5, 11.8), 'VIE': (48.0, 16.0), 'WAL': (52.0, -3.8),
    'WAR': (52.0, 21.0), 'WES': (38.0, 3.0), 'YOR': (54.0, -1.2),
    # Impassable: Switzerland (walls need no adjacency).
    'SWI': (46.8, 8.2),
}

# --- design: the board, its projection and corrections.
W, H = 960, 780                 # the map's size in pixels
HEX_W = 12.0                    # a tile's width (pointy-top hexagon)
HEX_R = HEX_W / math.sqrt(3)    # its circumradius
ROW_H = 1.5 * HEX_R
COLS = int(math.ceil(W / HEX_W)) + 1
ROWS = int(math.ceil(H / ROW_H)) + 1

# Latitude to y, and the width of one degree of longitude by latitude.
LAT_Y = [(33, 770), (45, 520), (56, 272), (62, 160), (75, 20)]
LON_SCALE = [(33, 17.5), (45, 18.5), (52, 17.5), (57, 14.0), (63, 11.0),
             (75, 8.5)]
LON_MID, X_MID = 10.0, 470.0    # this meridian is vertical, at this x
EAST_FROM, EAST_SQUEEZE = 28.0, 0.6

# The lens over the centre: its middle, radius and strength.
LENS_C, LENS_R, LENS_K = (500.0, 450.0), 300.0, 0.5

# Seeds placed by hand instead of by the projection (pixels, before the
# lens): the board's own choices.
AT = {
    # Seas: well inside, where their names go.
    'NAO': (55, 290), 'NWG': (340, 100), 'BAR': (700, 35),
    'NTH': (362, 265), 'SKA': (455, 228), 'HEL': (412, 318),
    'BAL': (560, 290), 'BOT': (595, 200), 'ENG': (240, 398),
    'IRI': (128, 335), 'MAO': (60, 540), 'WES': (330, 690),
    'LYO': (365, 590), 'TYS': (490, 655), 'ION': (610, 710),
    'ADR': (590, 560), 'AEG': (740, 665), 'EAS': (820, 750),
    'BLA': (860, 545),
    # Britain larger than life, as on every board.
    'CLY': (212, 212), 'EDI': (268, 205), 'LVP': (210, 272),
    'YOR': (272, 280), 'WAL': (195, 335), 'LON': (275, 342),
    # Scandinavia and the north.
    'FIN': (645, 140), 'STP': (740, 150), 'SWE': (530, 200),
    # The west and the centre.
    'BRE': (232, 442), 'PIC': (318, 412), 'PAR': (315, 452),
    'GAS': (292, 522),
    'BUR': (385, 455), 'RUH': (428, 392), 'SWI': (445, 474),
    'MUN': (478, 440), 'TYR': (487, 470),
    'PIE': (430, 512), 'VEN': (505, 508), 'TUS': (472, 550),
    'ROM': (505, 592), 'APU': (565, 590), 'NAP': (560, 638),
    'POR': (118, 615), 'SPA': (238, 628), 'DEN': (458, 268),
    # The Balkans.
    'SER': (665, 540), 'ALB': (636, 598), 'GRE': (675, 650),
    'BUL': (745, 575), 'CON': (790, 612),
}

# Extra skeleton points (pixels, before the lens) a province grows from
# besides its seed: seas along their length, long provinces along theirs.
SKELETON = {
    'NAO': [(55, 40), (50, 200), (65, 330), (100, 410)],
    'NWG': [(190, 70), (330, 90), (430, 70)],
    'BAR': [(560, 25), (880, 35)],
    'NTH': [(350, 195), (380, 320)],
    'BAL': [(545, 300), (590, 255)],
    'BOT': [(580, 250), (615, 150)],
    'ENG': [(170, 395), (300, 385)],
    'MAO': [(100, 440), (60, 650)],
    'WES': [(290, 700), (375, 665)],
    'ION': [(540, 710), (680, 720)],
    'ADR': [(555, 520), (625, 600)],
    'AEG': [(735, 630), (750, 700)],
    'EAS': [(760, 750), (900, 750)],
    'BLA': [(820, 535), (905, 525)],
    'NWY': [(440, 215), (470, 150), (540, 95), (640, 70)],
    'SWE': [(505, 250), (530, 175), (580, 110)],
    'STP': [(700, 110), (800, 140)],
    'MOS': [(800, 280), (880, 300)],
    'NAF': [(200, 740), (340, 740)],
    'ARM': [(945, 520)],
    'DEN': [(458, 248)],
    'TYS': [(455, 615), (525, 690)],
    'POR': [(130, 650)],
    'SEV': [(930, 500)],
}

# Branches of a skeleton, each a polyline of its own (pixels, before the
# lens): the seas round Britain give the island its shape.
BRANCHES = {
    'NAO': [[(145, 195)]],
    'NWG': [[(245, 130)]],
    'NTH': [[(318, 195)]],
    'TYS': [[(445, 590), (482, 628)]],
    'MAO': [[(150, 515)]],
}

# Weights (px^2 of power distance: about the square of a head start in
# pixels) of the provinces that need more room than their seed gives.
WEIGHT = {
    'NAO': 2500, 'NWG': 2000, 'BAR': 1500, 'NTH': 1500, 'SKA': 300,
    'HEL': 300, 'BAL': 800, 'BOT': 600, 'ENG': 1200, 'IRI': 1000,
    'MAO': 2500, 'WES': 1500, 'LYO': 1200, 'TYS': 1500, 'ION': 2000,
    'ADR': 300, 'AEG': 800, 'EAS': 1000, 'BLA': 2000, 'SWI': -1500,
    'ALB': 400, 'DEN': 300, 'BUL': 500, 'SPA': 1200,
}

# Impassable areas with a seed of their own.
WALLS = ['SWI']


def interp(table, v):
    if v <= table[0][0]:
        (a, fa), (b, fb) = table[0], table[1]
    elif v >= table[-1][0]:
        (a, fa), (b, fb) = table[-2], table[-1]
    else:
        for i in range(len(table) - 1):
            if table[i][0] <= v <= table[i + 1][0]:
                (a, fa), (b, fb) = table[i], table[i + 1]
                break
    return fa + (fb - fa) * (v - a) / (b - a)


def project(lat, lon):
    u = lon if lon <= EAST_FROM else EAST_FROM + (lon - EAST_FROM) * EAST_SQUEEZE
    return X_MID + (u - LON_MID) * interp(LON_SCALE, lat), interp(LAT_Y, lat)


# --- the map.

class Prov:
    def __init__(self, abbr, terrain, sc, coasts):
        self.abbr = abbr
        self.terrain = terrain          # LAND COAST SEA WALL
        self.sc = sc
        self.coasts = coasts            # ['NC', 'SC'] or []


def read_map(path):
    provs, adj, coast_adj = {}, set(), {}
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if not line:
                continue
            if line[0] == 'PROVINCE':
                coasts = [] if line[5] == '-' else line[5].split(',')
                provs[line[1]] = Prov(line[1], line[2], line[3] == 'SC', coasts)
            elif line[0] in ('ARMY', 'FLEET'):
                a = line[1]
                for b in line[3:]:
                    pa, pb = a.split('/')[0], b.split('/')[0]
                    adj.add((pa, pb))
                    adj.add((pb, pa))
                    if '/' in a:
                        coast_adj.setdefault(a, set()).add(pb)
    return provs, adj, coast_adj


# --- the grid.

def centre(c, r):
    return HEX_W * (c + 0.5 * (r & 1)), ROW_H * r


def neighbours(c, r):
    if r & 1:
        cand = ((c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1),
                (c, r + 1), (c + 1, r + 1))
    else:
        cand = ((c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1),
                (c - 1, r + 1), (c, r + 1))
    return [(a, b) for a, b in cand if 0 <= a < COLS and 0 <= b < ROWS]


def cell_at(x, y):
    best, bd = None, None
    r0 = int(round(y / ROW_H))
    for r in (r0 - 1, r0, r0 + 1):
        if not 0 <= r < ROWS:
            continue
        c0 = int(round(x / HEX_W - 0.5 * (r & 1)))
        for c in (c0 - 1, c0, c0 + 1):
            if not 0 <= c < COLS:
                continue
            cx, cy = centre(c, r)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if bd is None or d < bd:
                best, bd = (c, r), d
    return best


def seg_dist2(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    qx, qy = ax + t * dx, ay + t * dy
    return (px - qx) ** 2 + (py - qy) ** 2


class Seed:
    """A province's skeleton: a polyline from its seed, and branches."""

    def __init__(self, name, pts, branches=()):
        self.name = name
        self.pts = pts                  # a polyline: [(x, y), ...]
        self.lines = [pts] + list(branches)

    def dist2(self, x, y):
        return min(self.line_dist2(line, x, y) for line in self.lines)

    @staticmethod
    def line_dist2(pts, x, y):
        if len(pts) == 1:
            return (x - pts[0][0]) ** 2 + (y - pts[0][1]) ** 2
        return min(seg_dist2(x, y, *pts[i], *pts[i + 1])
                   for i in range(len(pts) - 1))


def allowed(provs, adj, a, b):
    return a == b or provs[a].terrain == 'WALL' or \
        provs[b].terrain == 'WALL' or (a, b) in adj


def grow(provs, adj, seeds, weight):
    owner = {}
    heap = []
    n = 0
    # Every province holds its seed's tile from the start.
    for name, s in sorted(seeds.items()):
        cell = cell_at(*s.pts[0])
        if cell in owner:
            sys.exit('mapgeo: %s and %s share a seed tile' % (name, owner[cell]))
        owner[cell] = name
    for cell, name in sorted(owner.items()):
        for nb in neighbours(*cell):
            x, y = centre(*nb)
            heapq.heappush(heap, (seeds[name].dist2(x, y) - weight[name],
                                  n, nb, name))
            n += 1
    while heap:
        cost, _, cell, name = heapq.heappop(heap)
        if cell in owner:
            continue
        if any(nb in owner and not allowed(provs, adj, name, owner[nb])
               for nb in neighbours(*cell)):
            continue
        owner[cell] = name
        for nb in neighbours(*cell):
            if nb not in owner:
                x, y = centre(*nb)
                heapq.heappush(heap, (seeds[name].dist2(x, y) - weight[name],
                                      n, nb, name))
                n += 1
    return owner


def lens(pt):
    """Magnifies the crowded centre of the board, taking the room from a
    ring around it (the seas and the edges keep theirs)."""
    x, y = pt
    dx, dy = x - LENS_C[0], y - LENS_C[1]
    r = math.hypot(dx, dy)
    if r >= LENS_R:
        return pt
    f = 1 + LENS_K * (1 - r / LENS_R) ** 2
    return LENS_C[0] + dx * f, LENS_C[1] + dy * f


def seeds_of(provs):
    seeds = {}
    for name in provs:
        lat, lon = POS[name]
        x, y = project(lat, lon)
        pts = [AT.get(name, (x, y))] + list(SKELETON.get(name, []))
        branches = [[lens(pt) for pt in line] for line in BRANCHES.get(name, [])]
        seeds[name] = Seed(name, [lens(pt) for pt in pts], branches)
    return seeds


BALANCE_ROUNDS = 30
BALANCE_STEP = 150.0    # px^2 added per round to a cramped province
MIN_DEPTH = 3           # tiles from its deepest tile to another area


def depths(owner):
    """Per province, how many steps its deepest tile is from another
    area or the grid's edge: room for a label and two units needs 3."""
    dist = {}
    todo = []
    for (c, r), a in owner.items():
        if any(owner.get(nb) != a for nb in all_neighbours(c, r)):
            dist[(c, r)] = 1
            todo.append((c, r))
    i = 0
    while i < len(todo):
        cell = todo[i]
        i += 1
        for nb in neighbours(*cell):
            if nb not in dist and owner.get(nb) == owner[cell]:
                dist[nb] = dist[cell] + 1
                todo.append(nb)
    deep = {}
    for cell, d in dist.items():
        a = owner[cell]
        deep[a] = max(deep.get(a, 0), d)
    return deep


def balance(provs, adj, seeds):
    """Grows again with more weight for every province too shallow for
    its label and units, until none is (or the rounds are out)."""
    weight = {p: float(WEIGHT.get(p, 0)) for p in provs}
    for _ in range(BALANCE_ROUNDS):
        owner = grow(provs, adj, seeds, weight)
        deep = depths(owner)
        small = [p for p in provs if provs[p].terrain != 'WALL' and
                 deep.get(p, 0) < MIN_DEPTH]
        if not small:
            break
        for p in small:
            weight[p] += BALANCE_STEP
    return owner, weight


# --- placing the label, the units and the centre.

# Where things sit around the label's centre L (pixels), and how much room
# each needs: the label's box, the unit's disc below it, the centre's dot
# left of the label, a dislodged unit down and to the right of the unit.
LABEL_HALF = (13.0, 6.0)
UNIT_OFF, UNIT_R = (0.0, 17.0), 10.0
CENTRE_OFF, CENTRE_R = (-19.0, 0.0), 5.0
DISL_OFF, DISL_R = (14.0, 27.0), 8.0


def cluster_points(lx, ly, sc):
    pts = []
    hx, hy = LABEL_HALF
    for dx in (-hx, 0, hx):
        for dy in (-hy, hy):
            pts.append((lx + dx, ly + dy, 1.0))
    for ox, oy, rad, w in ((UNIT_OFF[0], UNIT_OFF[1], UNIT_R, 1.0),
                           (DISL_OFF[0], DISL_OFF[1], DISL_R, 0.5)) + \
            (((CENTRE_OFF[0], CENTRE_OFF[1], CENTRE_R, 1.0),) if sc else ()):
        for k in range(8):
            a = k * math.pi / 4
            pts.append((lx + ox + rad * math.cos(a), ly + oy + rad * math.sin(a), w))
    return pts


def all_neighbours(c, r):
    """Neighbours, including those off the grid (outside every area)."""
    if r & 1:
        return ((c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1),
                (c, r + 1), (c + 1, r + 1))
    return ((c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1),
            (c - 1, r + 1), (c, r + 1))


class Room:
    """Distance from a point to the border of one area, roughly: half a
    tile short of the nearest tile of another area, or the map's edge;
    negative outside the area."""

    def __init__(self, owner, cells):
        self.cells = set(cells)
        fo = set()
        for cell in cells:
            for nb in all_neighbours(*cell):
                if nb not in self.cells:
                    fo.add(nb)
        self.foreign = [centre(*f) for f in fo]

    def clear(self, x, y):
        if cell_at(x, y) not in self.cells:
            return -HEX_W
        d = min(x, W - x, y, H - y)
        for fx, fy in self.foreign:
            e = math.hypot(fx - x, fy - y) - HEX_W / 2
            if e < d:
                d = e
        return d


def candidates(cells):
    """Points to try for an anchor: every tile's centre and two points
    between tiles."""
    for cell in cells:
        cx, cy = centre(*cell)
        yield cx, cy
        yield cx, cy - ROW_H / 2
        yield cx + HEX_W / 2, cy


def fits(rm, lx, ly, sc):
    """Whether the label's box lies inside, the unit, the dislodged unit and
    the centre nearly so (a unit may touch its border line)."""
    hx, hy = LABEL_HALF
    if min(rm.clear(lx + dx, ly + dy) for dx in (-hx, hx) for dy in (-hy, hy)) < 1:
        return False
    if rm.clear(lx + UNIT_OFF[0], ly + UNIT_OFF[1]) < UNIT_R - 3:
        return False
    if rm.clear(lx + DISL_OFF[0], ly + DISL_OFF[1]) < DISL_R - 4:
        return False
    return not sc or rm.clear(lx + CENTRE_OFF[0], ly + CENTRE_OFF[1]) >= CENTRE_R - 1


def place(provs, owner, seeds):
    """The anchors of every province: where its whole group fits with the
    most room, nearest its seed among equals. A province where it does
    not fit is an error of the design (more weight, or a seed moved)."""
    cells = {}
    for cell, name in owner.items():
        cells.setdefault(name, []).append(cell)
    anchors, room, bad = {}, {}, []
    for name in sorted(provs):
        p = provs[name]
        if p.terrain == 'WALL':
            continue
        rm = Room(owner, cells[name])
        sx, sy = seeds[name].pts[0]
        best = None
        for cx, cy in candidates(cells[name]):
            lx, ly = cx, cy - UNIT_OFF[1] / 2
            ok = fits(rm, lx, ly, p.sc)
            score = min(rm.clear(x, y) / w for x, y, w in
                        cluster_points(lx, ly, p.sc))
            key = (ok, round(min(score, 6.0), 1), -math.hypot(lx - sx, ly - sy))
            if best is None or key > best[0]:
                best = (key, lx, ly, score)
        (ok, _, _), lx, ly, score = best
        if not ok:
            bad.append(name)
        a = {'LABEL': (lx, ly), 'UNIT': (lx + UNIT_OFF[0], ly + UNIT_OFF[1]),
             'DISLODGED': (lx + DISL_OFF[0], ly + DISL_OFF[1])}
        if p.sc:
            a['CENTRE'] = (lx + CENTRE_OFF[0], ly + CENTRE_OFF[1])
        anchors[name] = a
        room[name] = score
        for coast in p.coasts:
            loc = name + '/' + coast
            anchors[loc] = {'UNIT': coast_spot(loc, cells[name], owner, rm, a)}
    return anchors, room, bad


# The neighbours on each coast's side: a fleet there stands near them.
COAST_NEAR = {
    'SPA/NC': ('MAO', 'GAS'), 'SPA/SC': ('LYO', 'WES', 'MAR'),
    'STP/NC': ('BAR',), 'STP/SC': ('BOT', 'FIN', 'LVN'),
    'BUL/EC': ('BLA', 'RUM'), 'BUL/SC': ('AEG', 'GRE'),
}


def coast_spot(loc, cells, owner, rm, a):
    """A fleet on this coast stands inside its province as near as it fits
    to the border with the coast's neighbours (COAST_NEAR), clear of the
    label, the centre and the dislodged unit's spot. An army or a fleet
    on the other coast is never there at the same time, so the spots of a
    province's unit and coasts may overlap."""
    near = COAST_NEAR[loc]
    pts = [centre(*nb) for cell in cells for nb in neighbours(*cell)
           if owner.get(nb) in near]
    if not pts:
        sys.exit('mapgeo: %s touches none of %s' % (loc, ' '.join(near)))
    tx = sum(x for x, _ in pts) / len(pts)
    ty = sum(y for _, y in pts) / len(pts)
    lx, ly = a['LABEL']
    dx, dy = a['DISLODGED']
    cx, cy = a.get('CENTRE', (-100, -100))
    best = None
    for x, y in candidates(cells):
        ok = (rm.clear(x, y) >= UNIT_R - 2 and
              math.hypot(x - dx, y - dy) >= 16 and
              math.hypot(x - cx, y - cy) >= UNIT_R + CENTRE_R and
              not (abs(x - lx) < LABEL_HALF[0] + UNIT_R and
                   abs(y - ly) < LABEL_HALF[1] + UNIT_R))
        key = (ok, -math.hypot(x - tx, y - ty))
        if best is None or key > best[0]:
            best = (key, x, y)
    if not best[0][0]:
        sys.stderr.write('mapgeo: no room for %s\n' % loc)
    return best[1], best[2]


def main():
    provs, adj, coast_adj = read_map(MAP)
    for w in WALLS:
        provs[w] = Prov(w, 'WALL', False, [])
    seeds = seeds_of(provs)
    owner, weight = balance(provs, adj, seeds)
    anchors, room, bad = place(provs, owner, seeds)
    if len(sys.argv) > 2 and sys.argv[1] == '--preview':
        preview(sys.argv[2], provs, owner, seeds, anchors)
    write(provs, owner, anchors)
    report(provs, adj, owner, room)
    if bad:
        sys.exit('mapgeo: no room for the label and units of %s' % ' '.join(bad))


def token(owner, c, r):
    return owner.get((c, r), '---')


def write(provs, owner, anchors):
    out = sys.stdout
    out.write('# maps/standard.geo -- the drawing of the standard map, read by '
              'mapgeo_load()\n'
              '# (adjudicator/render/mapgeo.c); the format is in maps/README.md.\n'
              '# Made by scripts/mapgeo.py from maps/standard.map and rough '
              'positions of the\n'
              '# provinces: change the script and run it again rather than '
              'edit this file.\n')
    out.write('GEO standard 1\n')
    out.write('SIZE %d %d\n' % (W, H))
    out.write('GRID %d %d %g\n' % (COLS, ROWS, HEX_W))
    for name in sorted(provs):
        out.write('AREA %s %s\n' % (name, provs[name].terrain))
    if len(owner) < COLS * ROWS:
        out.write('AREA --- WALL\n')
    for r in range(ROWS):
        out.write('ROW ' + ' '.join(token(owner, c, r) for c in range(COLS)) + '\n')
    for name in sorted(anchors):
        for rec in ('LABEL', 'UNIT', 'CENTRE', 'DISLODGED'):
            if rec in anchors[name]:
                x, y = anchors[name][rec]
                out.write('%s %s %.1f %.1f\n' % (rec, name, x, y))


def report(provs, adj, owner, room):
    touch = set()
    for (c, r), a in owner.items():
        for nb in neighbours(c, r):
            b = owner.get(nb)
            if b and b != a:
                touch.add((a, b))
    missing = sorted({tuple(sorted(p)) for p in adj if p not in touch})
    err = sys.stderr
    err.write('missing borders: %d %s\n' % (len(missing), ' '.join('-'.join(p) for p in missing)))
    walls = sum(1 for c in range(COLS) for r in range(ROWS) if (c, r) not in owner)
    err.write('wall tiles: %d\n' % walls)
    tight = sorted((v, k) for k, v in room.items() if v < 2)
    err.write('little room (px): %s\n' % ' '.join('%s:%.0f' % (k, v) for v, k in tight))


# --- a preview for whoever changes the design: the tiles in colours, the
# skeletons and the names, as a PNG, without the project's own drawing.

FONT = {  # 5x7 capitals, one string of 7 rows of 5 bits each
    'A': '01110100011000111111100011000110001', 'B': '11110100011000111110100011000111110',
    'C': '01110100011000010000100001000101110', 'D': '11110100011000110001100011000111110',
    'E': '11111100001000011110100001000011111', 'F': '11111100001000011110100001000010000',
    'G': '01110100011000010111100011000101111', 'H': '10001100011000111111100011000110001',
    'I': '01110001000010000100001000010001110', 'J': '00111000100001000010000101001001100',
    'K': '10001100101010011000101001001010001', 'L': '10000100001000010000100001000011111',
    'M': '10001110111010110101100011000110001', 'N': '10001110011010110011100011000110001',
    'O': '01110100011000110001100011000101110', 'P': '11110100011000111110100001000010000',
    'Q': '01110100011000110001101011001001101', 'R': '11110100011000111110101001001010001',
    'S': '01111100001000001110000010000111110', 'T': '11111001000010000100001000010000100',
    'U': '10001100011000110001100011000101110', 'V': '10001100011000110001100010101000100',
    'W': '10001100011000110101101011101110001', 'X': '10001100010101000100010101000110001',
    'Y': '10001100010101000100001000010000100', 'Z': '11111000010001000100010001000011111',
}


def preview(path, provs, owner, seeds, anchors):
    import zlib
    import struct
    img = bytearray(W * H * 3)

    def colour(name):
        if name is None:
            return (60, 60, 60)
        h = sum(ord(ch) * (i + 7) for i, ch in enumerate(name))
        t = provs[name].terrain
        if t == 'SEA':
            return (150 + h % 40, 185 + h % 30, 220 + h % 30)
        if t == 'WALL':
            return (150, 150, 150)
        return (200 + h % 50, 175 + (h // 7) % 60, 120 + (h // 13) % 70)

    def put(x, y, rgb):
        x, y = int(x), int(y)
        if 0 <= x < W and 0 <= y < H:
            img[3 * (y * W + x):3 * (y * W + x) + 3] = bytes(rgb)

    for y in range(H):
        for x in range(W):
            c = owner.get(cell_at(x + 0.5, y + 0.5))
            put(x, y, colour(c))
    for s in seeds.values():
        for line in s.lines:
            for i in range(len(line)):
                a = line[i]
                b = line[i + 1] if i + 1 < len(line) else a
                for k in range(41):
                    put(a[0] + (b[0] - a[0]) * k / 40, a[1] + (b[1] - a[1]) * k / 40,
                        (0, 0, 0))
    for name, a in anchors.items():
        if 'LABEL' not in a:
            continue
        lx, ly = a['LABEL']
        for i, ch in enumerate(name):
            g = FONT.get(ch)
            for k in range(35) if g else ():
                if g[k] == '1':
                    put(lx - 9 + 6 * i + k % 5, ly - 3 + k // 5, (0, 0, 0))
        ux, uy = a['UNIT']
        for k in range(16):
            put(ux + 5 * math.cos(k * math.pi / 8), uy + 5 * math.sin(k * math.pi / 8), (200, 0, 0))
    raw = b''.join(b'\0' + bytes(img[3 * W * y:3 * W * (y + 1)]) for y in range(H))

    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0)) +
                chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))


if __name__ == '__main__':
    main()
