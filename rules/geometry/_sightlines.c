/*
 * Which viewing groups of models see which target groups (parties), line by line, in C.
 *
 * The arithmetic is that of rules/geometry/outlines.py and seeing.py: a segment crosses a
 * convex piece when it reaches MARGIN deep into it, misses it when it stays MARGIN away,
 * and anything closer is UNSURE. A party with an unsure line and no clear one is answered
 * UNSURE, and the caller settles it with the array code (and shapely), so every answer is
 * the rule's own (rules/geometry/sight.py).
 *
 * Arrays come in through the buffer protocol (C-contiguous float64 / int64 / int8).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define MARGIN 1e-4
#define HIT 1
#define CLEAR 0
#define UNSURE (-1)
#define POLYGON 0
#define SEGMENT 1

#define BLOCKED 1
#define OPEN 0
#define DOUBT 2

#define HIDDEN 0
#define VISIBLE 1

#define MAX_STOPS 8
#define UNIT_COLUMNS 8
#define AREA_COLUMNS 7

typedef struct {
    const double *cx, *cy, *inner, *outer, *nx, *ny, *off;
    const int64_t *edges;
    Py_ssize_t width; /* columns of nx, ny, off */
} Pieces;

typedef struct {
    /* per shape: kind, first piece, piece count, height */
    const int64_t *shape;
    Pieces pieces;
} Outlines;

typedef struct {
    double x0, y0, x1, y1;
} Line;

typedef struct {
    int area;    /* 1: an area's piece, 0: a unit's shape */
    int64_t at;  /* the piece (area) or the shape (unit) */
    int64_t of;  /* the area (for an area's piece) */
} Stop;

static double distance_to(const Line *l, double x, double y) {
    double dx = l->x1 - l->x0, dy = l->y1 - l->y0;
    double squared = dx * dx + dy * dy;
    double t = 0.0;
    if (squared > 0) {
        t = ((x - l->x0) * dx + (y - l->y0) * dy) / squared;
        if (t < 0.0) t = 0.0;
        if (t > 1.0) t = 1.0;
    }
    double ex = l->x0 + t * dx - x, ey = l->y0 + t * dy - y;
    return sqrt(ex * ex + ey * ey);
}

/* Whether some point of the segment lies at or below ``level`` for every edge. */
static int reaches(const Pieces *p, int64_t piece, const Line *l, double level) {
    double dx = l->x1 - l->x0, dy = l->y1 - l->y0;
    double low = 0.0, high = 1.0;
    int64_t edges = p->edges[piece];
    const double *nx = p->nx + piece * p->width, *ny = p->ny + piece * p->width;
    const double *off = p->off + piece * p->width;
    for (int64_t e = 0; e < edges; e++) {
        double start = nx[e] * l->x0 + ny[e] * l->y0 - off[e];
        double slope = nx[e] * dx + ny[e] * dy;
        if (slope == 0) {
            if (start > level) return 0;
            continue;
        }
        double bound = (level - start) / slope;
        if (slope < 0) {
            if (bound > low) low = bound;
        } else if (bound < high) {
            high = bound;
        }
    }
    return low <= high;
}

static int piece_crossing(const Pieces *p, int64_t piece, const Line *l) {
    double dx = l->x1 - l->x0, dy = l->y1 - l->y0;
    int is_long = dx * dx + dy * dy > MARGIN * MARGIN;
    double gap = distance_to(l, p->cx[piece], p->cy[piece]);
    if (gap > p->outer[piece] + MARGIN) return CLEAR;
    if (is_long && gap <= p->inner[piece] - MARGIN) return HIT;
    if (is_long && reaches(p, piece, l, -MARGIN)) return HIT;
    return reaches(p, piece, l, MARGIN) ? UNSURE : CLEAR;
}

static int split_same(double u, double v) {
    return (u > MARGIN && v > MARGIN) || (u < -MARGIN && v < -MARGIN);
}

static int split_across(double u, double v) {
    return (u > MARGIN && v < -MARGIN) || (u < -MARGIN && v > MARGIN);
}

static int segment_crossing(const Pieces *p, int64_t piece, const Line *l) {
    const double *nx = p->nx + piece * p->width, *ny = p->ny + piece * p->width;
    double ax = nx[0], bx = nx[1], ay = ny[0], by = ny[1];
    double dx = l->x1 - l->x0, dy = l->y1 - l->y0, ex = bx - ax, ey = by - ay;
    double d = hypot(dx, dy), e = hypot(ex, ey);
    if (!(d > MARGIN && e > MARGIN)) return UNSURE;
    double a_side = (dx * (ay - l->y0) - dy * (ax - l->x0)) / d;
    double b_side = (dx * (by - l->y0) - dy * (bx - l->x0)) / d;
    double p_side = (ex * (l->y0 - ay) - ey * (l->x0 - ax)) / e;
    double q_side = (ex * (l->y1 - ay) - ey * (l->x1 - ax)) / e;
    if (split_same(a_side, b_side) || split_same(p_side, q_side)) return CLEAR;
    if (split_across(a_side, b_side) && split_across(p_side, q_side)) return HIT;
    return UNSURE;
}

/* A shape's state for a line, and (when HIT) the piece that the line crosses. */
static int crossing(const Outlines *o, int64_t s, const Line *l, int64_t *hit_piece) {
    const int64_t *row = o->shape + 4 * s;
    int64_t kind = row[0], first = row[1], count = row[2];
    if (count == 0) return UNSURE;
    if (kind == SEGMENT) {
        *hit_piece = first;
        return segment_crossing(&o->pieces, first, l);
    }
    if (kind != POLYGON) return UNSURE;
    int unsure = 0;
    for (int64_t k = first; k < first + count; k++) {
        int state = piece_crossing(&o->pieces, k, l);
        if (state == HIT) {
            *hit_piece = k;
            return HIT;
        }
        if (state == UNSURE) unsure = 1;
    }
    return unsure ? UNSURE : CLEAR;
}

/* Whether the point lies inside an area: HIT, CLEAR or UNSURE (about on its outline). */
static int containing(const Outlines *o, int64_t s, double x, double y) {
    const int64_t *row = o->shape + 4 * s;
    if (row[0] != POLYGON || row[2] == 0) return UNSURE;
    const Pieces *p = &o->pieces;
    int near = 0;
    for (int64_t k = row[1]; k < row[1] + row[2]; k++) {
        const double *nx = p->nx + k * p->width, *ny = p->ny + k * p->width;
        const double *off = p->off + k * p->width;
        double beyond = -INFINITY;
        for (int64_t e = 0; e < p->width; e++) {
            double v = nx[e] * x + ny[e] * y - off[e];
            if (v > beyond) beyond = v;
        }
        if (beyond <= -MARGIN) return HIT;
        if (beyond <= MARGIN) near = 1;
    }
    return near ? UNSURE : CLEAR;
}

typedef struct {
    /* models: x, y, radius, height rows of 4 */
    const double *viewers, *targets;
    /* units: middle x, middle y, size, tallest, box (min x, min y, max x, max y); their
       shapes (footprint first) */
    const double *units;
    const int64_t *unit_shapes; /* per unit: first, count into shape_list */
    const int64_t *shape_list;
    Outlines crowd;
    /* areas: per area height, wall, cover, concealment */
    const int64_t *area_flags;
    const double *area_reach; /* per area: middle x, y, the radius of a circle holding it, box */
    Outlines ground;
    Py_ssize_t n_units, n_areas;
} World;

typedef struct {
    const int64_t *units; /* candidate units of the pair */
    Py_ssize_t n_units;
    const int64_t *areas;
    Py_ssize_t n_areas;
    /* per candidate area: whether the viewer's / target's centre is inside (-2: not known) */
    int *inside_a, *inside_b;
    const double *a, *b; /* the pair's two models */
} Pair;

static int inside_of(const World *w, Pair *p, Py_ssize_t k, int viewer) {
    int *known = viewer ? &p->inside_a[k] : &p->inside_b[k];
    if (*known == -2) {
        const double *m = viewer ? p->a : p->b;
        *known = containing(&w->ground, p->areas[k], m[0], m[1]);
    }
    return *known;
}

/*
 * A line's verdict: BLOCKED, OPEN or DOUBT. With ``stops`` it looks at every candidate and
 * records the convex pieces that stop the line on their own; without, it stops at the first
 * certain block.
 */
static int judge_line(const World *w, Pair *p, const Line *l, double low, Stop *stops,
                      int *n_stops) {
    int blocked = 0, doubt = 0, screens = 0, maybe_screens = 0;
    for (Py_ssize_t k = 0; k < p->n_areas; k++) {
        int64_t area = p->areas[k];
        const int64_t *flags = w->area_flags + 4 * area;
        if ((double)flags[0] < low) continue;
        int64_t piece = -1;
        int state = crossing(&w->ground, area, l, &piece);
        if (state == CLEAR) continue;
        int in_a = inside_of(w, p, k, 1), in_b = inside_of(w, p, k, 0);
        if (in_a == HIT || in_b == HIT) continue; /* an area a model stands in never counts */
        if (in_a == UNSURE || in_b == UNSURE) {
            if (flags[1] || flags[2] || flags[3]) doubt = 1;
            continue;
        }
        if (flags[1] || flags[2]) {
            if (state == HIT) {
                blocked = 1;
                if (!stops) return BLOCKED;
                if (*n_stops < MAX_STOPS) {
                    stops[*n_stops].area = 1;
                    stops[*n_stops].at = piece;
                    stops[*n_stops].of = area;
                    (*n_stops)++;
                }
            } else {
                doubt = 1;
            }
        } else if (flags[3]) {
            if (state == HIT)
                screens++;
            else
                maybe_screens++;
        }
    }
    if (screens >= 2) {
        blocked = 1;
        if (!stops) return BLOCKED;
    } else if (screens + maybe_screens >= 2) {
        doubt = 1;
    }
    for (Py_ssize_t k = 0; k < p->n_units; k++) {
        int64_t unit = p->units[k];
        const double *u = w->units + UNIT_COLUMNS * unit;
        if (distance_to(l, u[0], u[1]) > u[2] + MARGIN) continue;
        const int64_t *span = w->unit_shapes + 2 * unit;
        for (int64_t j = span[0]; j < span[0] + span[1]; j++) {
            int64_t s = w->shape_list[j];
            const int64_t *row = w->crowd.shape + 4 * s;
            if ((double)row[3] < low) continue;
            int64_t piece = -1;
            int state = crossing(&w->crowd, s, l, &piece);
            if (state == HIT) {
                blocked = 1;
                if (!stops) return BLOCKED;
                int whole = row[0] == SEGMENT || (row[0] == POLYGON && row[2] == 1);
                if (whole && *n_stops < MAX_STOPS) {
                    stops[*n_stops].area = 0;
                    stops[*n_stops].at = s;
                    stops[*n_stops].of = s;
                    (*n_stops)++;
                }
            } else if (state == UNSURE) {
                doubt = 1;
            }
        }
    }
    if (blocked) return BLOCKED;
    return doubt ? DOUBT : OPEN;
}

static int stop_state(const World *w, const Stop *stop, const Line *l) {
    if (stop->area) return piece_crossing(&w->ground.pieces, stop->at, l);
    int64_t piece = -1;
    return crossing(&w->crowd, stop->at, l, &piece);
}

/* Which of ``stops`` (convex pieces that stop a line on their own) stops ``l`` too, or -1. */
static int stopped_by(const World *w, const Stop *stops, int n_stops, const Line *l) {
    for (int k = 0; k < n_stops; k++)
        if (stop_state(w, &stops[k], l) == HIT) return k;
    return -1;
}

/* Whether a piece that stopped the lines of another pair of the party stops this pair's
 * lines on its own: tall enough, and for an area, neither model standing in it. */
static int stop_holds(const World *w, const Stop *stop, const Pair *p, double low) {
    if (!stop->area) return (double)w->crowd.shape[4 * stop->at + 3] >= low;
    const int64_t *flags = w->area_flags + 4 * stop->of;
    if ((double)flags[0] < low || !(flags[1] || flags[2])) return 0;
    return containing(&w->ground, stop->of, p->a[0], p->a[1]) == CLEAR &&
           containing(&w->ground, stop->of, p->b[0], p->b[1]) == CLEAR;
}

/* The five lines between two bases, as rules.geometry.sight.sight_lines draws them. */
static void five_lines(const double *a, const double *b, Line lines[5]) {
    double dx = b[0] - a[0], dy = b[1] - a[1];
    double length = hypot(dx, dy);
    if (length == 0) length = 1.0;
    double nxa = -dy / length * a[2] * 0.95, nya = dx / length * a[2] * 0.95;
    double nxb = dy / length * b[2] * 0.95, nyb = -dx / length * b[2] * 0.95;
    double lax = a[0] + nxa, lay = a[1] + nya, rax = a[0] - nxa, ray = a[1] - nya;
    double rbx = b[0] + nxb, rby = b[1] + nyb, lbx = b[0] - nxb, lby = b[1] - nyb;
    lines[0] = (Line){a[0], a[1], b[0], b[1]};
    lines[1] = (Line){lax, lay, lbx, lby};
    lines[2] = (Line){rax, ray, rbx, rby};
    lines[3] = (Line){lax, lay, rbx, rby};
    lines[4] = (Line){rax, ray, lbx, lby};
}

/* Whether ``hint``, the piece that stopped both side lines of an earlier pair of the party,
 * stops this pair's side lines on its own too (then it stops the lines between them). */
static int hinted(const World *w, const Pair *p, const Line lines[5], const Stop *hint) {
    double low = p->a[3] < p->b[3] ? p->a[3] : p->b[3];
    return stop_state(w, hint, &lines[1]) == HIT && stop_state(w, hint, &lines[2]) == HIT &&
           stop_holds(w, hint, p, low);
}

/* VISIBLE, HIDDEN or DOUBT for one pair of models: lines 1 and 2 first; when one convex
 * piece stops both, it stops the three lines between them as well, and becomes the party's
 * ``hint``. */
static int judge_pair(const World *w, Pair *p, const Line lines[5], Stop *hint, int *has_hint) {
    double low = p->a[3] < p->b[3] ? p->a[3] : p->b[3];
    Stop stops[MAX_STOPS];
    int n_stops = 0, doubt = 0;
    int first = judge_line(w, p, &lines[1], low, stops, &n_stops);
    if (first == OPEN) return VISIBLE;
    if (first == DOUBT) doubt = 1;
    if (n_stops) {
        int k = stopped_by(w, stops, n_stops, &lines[2]);
        if (k >= 0) {
            *hint = stops[k];
            *has_hint = 1;
            return HIDDEN;
        }
    }
    static const int rest[4] = {2, 0, 3, 4};
    for (int k = 0; k < 4; k++) {
        int verdict = judge_line(w, p, &lines[rest[k]], low, NULL, NULL);
        if (verdict == OPEN) return VISIBLE;
        if (verdict == DOUBT) doubt = 1;
    }
    return doubt ? DOUBT : HIDDEN;
}

typedef struct {
    double x, y; /* the middle of the centres */
    double band; /* how far the farthest base reaches from it */
    double box[4];
    double low; /* the lowest model */
} Spread;

static Spread spread(const double *models, int64_t first, int64_t count) {
    Spread s = {0, 0, 0, {INFINITY, INFINITY, -INFINITY, -INFINITY}, INFINITY};
    for (int64_t k = first; k < first + count; k++) {
        s.x += models[4 * k];
        s.y += models[4 * k + 1];
    }
    s.x /= (double)count;
    s.y /= (double)count;
    for (int64_t k = first; k < first + count; k++) {
        const double *m = models + 4 * k;
        double reach = hypot(m[0] - s.x, m[1] - s.y) + m[2];
        if (reach > s.band) s.band = reach;
        s.box[0] = fmin(s.box[0], m[0] - m[2]);
        s.box[1] = fmin(s.box[1], m[1] - m[2]);
        s.box[2] = fmax(s.box[2], m[0] + m[2]);
        s.box[3] = fmax(s.box[3], m[1] + m[2]);
        if (m[3] < s.low) s.low = m[3];
    }
    return s;
}

static int overlaps(const double *a, const double *b) {
    return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

typedef struct {
    Py_buffer view;
    int held;
} Held;

static int take(PyObject *obj, Held *h, Py_ssize_t itemsize, int writable, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &h->view, flags) < 0) return -1;
    h->held = 1;
    if (h->view.itemsize != itemsize && h->view.len > 0) {
        PyErr_Format(PyExc_TypeError, "%s: expected items of %zd bytes", name, itemsize);
        return -1;
    }
    return 0;
}

/*
 * judge_parties(viewers, targets, groups, parties, ignore, units, unit_shapes,
 *               shape_list, crowd pieces (shape, cx, cy, inner, outer, edges, nx, ny, off),
 *               area_flags, area_reach, ground pieces (the same nine), out, pairs_out,
 *               crowd_width, ground_width, every)
 *
 * ``out`` gets each party's verdict; with ``every``, ``pairs_out`` gets every pair's too
 * (party by party, viewer by viewer), and no party stops at its first pair in sight.
 */
static PyObject *judge_parties(PyObject *self, PyObject *args) {
    (void)self;
    enum {
        VIEWERS, TARGETS, GROUPS, PARTIES, IGNORE, UNITS, UNIT_SHAPES, SHAPE_LIST,
        C_SHAPE, C_CX, C_CY, C_INNER, C_OUTER, C_EDGES, C_NX, C_NY, C_OFF,
        A_FLAGS, A_REACH, G_SHAPE, G_CX, G_CY, G_INNER, G_OUTER, G_EDGES, G_NX, G_NY, G_OFF,
        OUT, PAIRS_OUT, COUNT
    };
    static const char *names[COUNT] = {
        "viewers", "targets", "groups", "parties", "ignore", "units", "unit_shapes",
        "shape_list", "crowd_shape", "crowd_cx", "crowd_cy", "crowd_inner", "crowd_outer",
        "crowd_edges", "crowd_nx", "crowd_ny", "crowd_off", "area_flags", "area_reach",
        "ground_shape", "ground_cx", "ground_cy", "ground_inner", "ground_outer",
        "ground_edges", "ground_nx", "ground_ny", "ground_off", "out", "pairs_out"};
    static const Py_ssize_t sizes[COUNT] = {
        8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 1, 1};
    PyObject *objs[COUNT];
    Py_ssize_t crowd_width, ground_width;
    int every;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOnnp", &objs[0], &objs[1],
                          &objs[2], &objs[3], &objs[4], &objs[5], &objs[6], &objs[7],
                          &objs[8], &objs[9], &objs[10], &objs[11], &objs[12], &objs[13],
                          &objs[14], &objs[15], &objs[16], &objs[17], &objs[18], &objs[19],
                          &objs[20], &objs[21], &objs[22], &objs[23], &objs[24], &objs[25],
                          &objs[26], &objs[27], &objs[28], &objs[29], &crowd_width, &ground_width,
                          &every))
        return NULL;
    Held held[COUNT];
    memset(held, 0, sizeof(held));
    PyObject *result = NULL;
    for (int k = 0; k < COUNT; k++)
        if (take(objs[k], &held[k], sizes[k], k >= OUT, names[k]) < 0) goto done;
#define F(k) ((const double *)held[k].view.buf)
#define I(k) ((const int64_t *)held[k].view.buf)
    World w;
    w.viewers = F(VIEWERS);
    w.targets = F(TARGETS);
    w.units = F(UNITS);
    w.unit_shapes = I(UNIT_SHAPES);
    w.shape_list = I(SHAPE_LIST);
    w.crowd = (Outlines){I(C_SHAPE),
                         {F(C_CX), F(C_CY), F(C_INNER), F(C_OUTER), F(C_NX), F(C_NY), F(C_OFF),
                          I(C_EDGES), crowd_width}};
    w.area_flags = I(A_FLAGS);
    w.area_reach = F(A_REACH);
    w.ground = (Outlines){I(G_SHAPE),
                          {F(G_CX), F(G_CY), F(G_INNER), F(G_OUTER), F(G_NX), F(G_NY), F(G_OFF),
                           I(G_EDGES), ground_width}};
    w.n_units = held[UNITS].view.len / (UNIT_COLUMNS * 8);
    w.n_areas = held[A_FLAGS].view.len / (4 * 8);
    const int64_t *groups = I(GROUPS);   /* per group: first viewer, count */
    const int64_t *parties = I(PARTIES); /* per party: group, first target, count, first
                                            ignored unit, ignored units */
    const int64_t *ignore = I(IGNORE);   /* units that never block lines to the party */
    Py_ssize_t n_parties = held[PARTIES].view.len / (5 * 8);
    int8_t *out = (int8_t *)held[OUT].view.buf;
    int8_t *pairs_out = (int8_t *)held[PAIRS_OUT].view.buf;
    int64_t offset = 0, wanted = 0;
    for (Py_ssize_t i = 0; i < held[PARTIES].view.len / (5 * 8); i++)
        wanted += groups[2 * parties[5 * i]  + 1] * parties[5 * i + 2];
    if (every && held[PAIRS_OUT].view.len < wanted) {
        PyErr_SetString(PyExc_ValueError, "pairs_out is shorter than the pairs");
        goto done;
    }
    if (held[OUT].view.len < n_parties) {
        PyErr_SetString(PyExc_ValueError, "out is shorter than parties");
        goto done;
    }
    /* candidates of the party and of the pair, and per candidate area whether each end
       stands in it */
    Py_ssize_t units_room = w.n_units + 1, areas_room = w.n_areas + 1;
    int64_t *party_units = PyMem_Malloc(sizeof(int64_t) * 2 * (units_room + areas_room));
    int *inside = PyMem_Malloc(sizeof(int) * 2 * areas_room);
    if (!party_units || !inside) {
        PyMem_Free(party_units);
        PyMem_Free(inside);
        PyErr_NoMemory();
        goto done;
    }
    int64_t *pair_units = party_units + units_room;
    int64_t *party_areas = pair_units + units_room;
    int64_t *pair_areas = party_areas + areas_room;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t i = 0; i < n_parties; i++) {
        const int64_t *row = parties + 5 * i;
        const int64_t *group = groups + 2 * row[0];
        /* the party's corridor: the box around both groups' bases, and a band along the
           segment between their middles holding every base; only units and areas that
           reach into both, and are tall enough, can stand in the way */
        Spread seeing = spread(w.viewers, group[0], group[1]);
        Spread seen = spread(w.targets, row[1], row[2]);
        Line middles = {seeing.x, seeing.y, seen.x, seen.y};
        double band = seeing.band > seen.band ? seeing.band : seen.band;
        double box[4] = {fmin(seeing.box[0], seen.box[0]), fmin(seeing.box[1], seen.box[1]),
                         fmax(seeing.box[2], seen.box[2]), fmax(seeing.box[3], seen.box[3])};
        double lowest = seeing.low < seen.low ? seeing.low : seen.low;
        int64_t n_party_units = 0, n_party_areas = 0;
        for (int64_t u = 0; u < w.n_units; u++) {
            const double *unit = w.units + UNIT_COLUMNS * u;
            if (unit[3] < lowest || !overlaps(unit + 4, box)) continue;
            if (distance_to(&middles, unit[0], unit[1]) > unit[2] + band + MARGIN) continue;
            int ignored = 0;
            for (int64_t j = row[3]; j < row[3] + row[4]; j++) ignored |= ignore[j] == u;
            if (!ignored) party_units[n_party_units++] = u;
        }
        for (int64_t a = 0; a < w.n_areas; a++) {
            const double *r = w.area_reach + AREA_COLUMNS * a;
            if ((double)w.area_flags[4 * a] < lowest || !overlaps(r + 3, box)) continue;
            if (distance_to(&middles, r[0], r[1]) > r[2] + band + MARGIN) continue;
            party_areas[n_party_areas++] = a;
        }
        int verdict = HIDDEN;
        Stop hint = {0, 0, 0};
        int has_hint = 0;
        /* the closest pair first: most parties in plain sight show it there */
        int64_t best_v = 0, best_t = 0;
        double best = INFINITY;
        for (int64_t v = 0; v < group[1]; v++) {
            const double *a = w.viewers + 4 * (group[0] + v);
            for (int64_t t = 0; t < row[2]; t++) {
                const double *b = w.targets + 4 * (row[1] + t);
                double gap = hypot(b[0] - a[0], b[1] - a[1]);
                if (gap < best) {
                    best = gap;
                    best_v = v;
                    best_t = t;
                }
            }
        }
        /* each pair once: with ``every``, in order and all of them; else the closest first,
           up to the first in sight */
        for (int64_t k = every ? 0 : -1; k < group[1] * row[2] && (every || verdict != VISIBLE);
             k++) {
            int64_t v = k < 0 ? best_v : k / row[2], t = k < 0 ? best_t : k % row[2];
            if (!every && k >= 0 && v == best_v && t == best_t) continue;
            Pair p;
            p.a = w.viewers + 4 * (group[0] + v);
            p.b = w.targets + 4 * (row[1] + t);
            Line lines[5];
            five_lines(p.a, p.b, lines);
            int found = HIDDEN;
            if (!has_hint || !hinted(&w, &p, lines, &hint)) {
                /* every line of the pair lies within 0.95 of the larger radius of the
                   segment between the two centres: only what comes that close can stand in
                   the way */
                Line axis = {p.a[0], p.a[1], p.b[0], p.b[1]};
                double spread = (p.a[2] > p.b[2] ? p.a[2] : p.b[2]) + MARGIN;
                p.n_units = 0;
                for (int64_t j = 0; j < n_party_units; j++) {
                    const double *u = w.units + UNIT_COLUMNS * party_units[j];
                    if (distance_to(&axis, u[0], u[1]) <= u[2] + spread)
                        pair_units[p.n_units++] = party_units[j];
                }
                p.n_areas = 0;
                p.inside_a = inside;
                p.inside_b = inside + areas_room;
                for (int64_t j = 0; j < n_party_areas; j++) {
                    const double *r = w.area_reach + AREA_COLUMNS * party_areas[j];
                    if (distance_to(&axis, r[0], r[1]) <= r[2] + spread) {
                        p.inside_a[p.n_areas] = p.inside_b[p.n_areas] = -2;
                        pair_areas[p.n_areas++] = party_areas[j];
                    }
                }
                p.units = pair_units;
                p.areas = pair_areas;
                found = judge_pair(&w, &p, lines, &hint, &has_hint);
            }
            if (every) pairs_out[offset + v * row[2] + t] = (int8_t)found;
            if (found == VISIBLE) verdict = VISIBLE;
            else if (found == DOUBT && verdict != VISIBLE) verdict = DOUBT;
        }
        offset += group[1] * row[2];
        out[i] = (int8_t)verdict;
    }
    Py_END_ALLOW_THREADS;
    PyMem_Free(party_units);
    PyMem_Free(inside);
    result = Py_None;
    Py_INCREF(result);
done:
    for (int k = 0; k < COUNT; k++)
        if (held[k].held) PyBuffer_Release(&held[k].view);
    return result;
#undef F
#undef I
}

static PyMethodDef methods[] = {
    {"judge_parties", judge_parties, METH_VARARGS,
     "For each party: 1 when a model of its viewing group sees one of its models, 0 when "
     "none does, 2 when a line comes too close to an outline to tell (and the same for "
     "every pair of models when asked)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sightlines",
                                    "Sight lines between groups of models, in C.", -1, methods};

PyMODINIT_FUNC PyInit__sightlines(void) { return PyModule_Create(&module); }
