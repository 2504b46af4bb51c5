/* Centre-aware two-phase solver for the supercube (a 3x3x3 whose centre orientation counts).
 *
 * Kociemba's two-phase algorithm over cubie coordinates, extended by the centres:
 *   phase 1 reaches H' = <U, D, R2, L2, F2, B2> with the four side centres turned 0 or 180
 *           degrees (twist, flip, UD-slice and the side centres mod 2);
 *   phase 2 solves in H' (corner permutation, UD-edge permutation, slice permutation, the U and
 *           D centres mod 4 and the side centres 0/180).
 * A centre may be "free" (its digit looks the same turned 180 degrees): then +2 is as good.
 * Facelets, cubies and turns follow Kociemba's conventions (URFDLB facelet order, which agree
 * with docs/conventions.md). Pruning tables are built by breadth-first search (about
 * 48 MB, a few seconds); ``tables()`` hands them out as bytes and ``load()`` takes them back, so a
 * caller may keep them in a file (the module itself never touches files); ``load()`` and
 * ``check()`` trust nothing in them (check_tables). Searches run without
 * the GIL, so several may run at once on read-only tables. A search's budget is a number of
 * nodes, not seconds: the same puzzle gives the same answer on any machine and load.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint8_t cp[8], co[8], ep[12], eo[12]; } Cubie;

enum { U_, R_, F_, D_, L_, B_ };
enum { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };
enum { UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR };

static const Cubie BASIC[6] = {
    /* U */ {{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB}, {0, 0, 0, 0, 0, 0, 0, 0},
             {UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR}, {0}},
    /* R */ {{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR}, {2, 0, 0, 1, 1, 0, 0, 2},
             {FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR}, {0}},
    /* F */ {{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB}, {1, 2, 0, 0, 2, 1, 0, 0},
             {UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR}, {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0}},
    /* D */ {{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR}, {0, 0, 0, 0, 0, 0, 0, 0},
             {UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR}, {0}},
    /* L */ {{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB}, {0, 1, 2, 0, 0, 2, 1, 0},
             {UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR}, {0}},
    /* B */ {{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL}, {0, 0, 1, 2, 0, 0, 2, 1},
             {UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB}, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}},
};

static const uint8_t CORNER_FACELET[8][3] = {
    {8, 9, 20}, {6, 18, 38}, {0, 36, 47}, {2, 45, 11},
    {29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51}};
static const uint8_t EDGE_FACELET[12][2] = {
    {5, 10}, {7, 19}, {3, 37}, {1, 46}, {32, 16}, {28, 25},
    {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};
static const uint8_t CORNER_COLOUR[8][3] = {
    {U_, R_, F_}, {U_, F_, L_}, {U_, L_, B_}, {U_, B_, R_},
    {D_, F_, R_}, {D_, L_, F_}, {D_, B_, L_}, {D_, R_, B_}};
static const uint8_t EDGE_COLOUR[12][2] = {
    {U_, R_}, {U_, F_}, {U_, L_}, {U_, B_}, {D_, R_}, {D_, F_},
    {D_, L_}, {D_, B_}, {F_, R_}, {F_, L_}, {B_, L_}, {B_, R_}};

static Cubie MOVES[18];
/* side-centre bit of each face (R F L B), -1 for U and D */
static const int SIDE_BIT[6] = {-1, 0, 1, -1, 2, 3};
static const int P2_MOVES[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};

enum { N_TWIST = 2187, N_FLIP = 2048, N_SLICE = 495, N_CPAR = 16,
       N_PERM8 = 40320, N_SPERM = 24, N_CEN = 256 };

static uint16_t *twist_mv, *flip_mv, *slice_mv, *cperm_mv, *eperm_mv, *sperm_mv;
static uint8_t cpar_mv[N_CPAR * 18], cen_mv[N_CEN * 18];
static uint8_t *P1A, *P1B, *P2A, *P2B, *P2C;
static int ready = 0;

static void mul(const Cubie *a, const Cubie *b, Cubie *out) {
    for (int i = 0; i < 8; i++) {
        out->cp[i] = a->cp[b->cp[i]];
        out->co[i] = (a->co[b->cp[i]] + b->co[i]) % 3;
    }
    for (int i = 0; i < 12; i++) {
        out->ep[i] = a->ep[b->ep[i]];
        out->eo[i] = (a->eo[b->ep[i]] + b->eo[i]) & 1;
    }
}

static void identity(Cubie *c) {
    for (int i = 0; i < 8; i++) { c->cp[i] = i; c->co[i] = 0; }
    for (int i = 0; i < 12; i++) { c->ep[i] = i; c->eo[i] = 0; }
}

static int cnk(int n, int k) {
    if (k < 0 || k > n) return 0;
    int r = 1;
    for (int i = 0; i < k; i++) r = r * (n - i) / (i + 1);
    return r;
}

static int perm_index(const uint8_t *p, int n) {
    int r = 0;
    for (int i = 0; i < n; i++) {
        int c = 0;
        for (int j = i + 1; j < n; j++) c += p[j] < p[i];
        r = r * (n - i) + c;
    }
    return r;
}

static int get_twist(const Cubie *c) { int r = 0; for (int i = 0; i < 7; i++) r = 3 * r + c->co[i]; return r; }
static int get_flip(const Cubie *c) { int r = 0; for (int i = 0; i < 11; i++) r = 2 * r + c->eo[i]; return r; }
static int get_slice(const Cubie *c) {
    int a = 0, x = 0;
    for (int j = 11; j >= 0; j--)
        if (c->ep[j] >= 8) { a += cnk(11 - j, x + 1); x++; }
    return a;
}
static int get_cperm(const Cubie *c) { return perm_index(c->cp, 8); }
static int get_eperm(const Cubie *c) { return perm_index(c->ep, 8); }
static int get_sperm(const Cubie *c) {
    uint8_t t[4];
    for (int i = 0; i < 4; i++) t[i] = c->ep[8 + i] - 8;
    return perm_index(t, 4);
}

/* Move table of a coordinate by exploring from the solved cube with representatives. */
static int build_move_table(int n, int (*get)(const Cubie *), const int *moves, int nm,
                            uint16_t *table) {
    Cubie *rep = malloc(sizeof(Cubie) * n);
    uint8_t *seen = calloc(n, 1);
    int *queue = malloc(sizeof(int) * n);
    if (!rep || !seen || !queue) { free(rep); free(seen); free(queue); return -1; }
    Cubie id;
    identity(&id);
    int c0 = get(&id), head = 0, tail = 1;
    rep[c0] = id; seen[c0] = 1; queue[0] = c0;
    for (int i = 0; i < n * 18; i++) table[i] = 0xFFFF;
    while (head < tail) {
        int c = queue[head++];
        for (int k = 0; k < nm; k++) {
            Cubie nc;
            mul(&rep[c], &MOVES[moves[k]], &nc);
            int c2 = get(&nc);
            table[c * 18 + moves[k]] = (uint16_t)c2;
            if (!seen[c2]) { seen[c2] = 1; rep[c2] = nc; queue[tail++] = c2; }
        }
    }
    free(rep); free(seen); free(queue);
    return tail == n ? 0 : -1;
}

static int face_of(int m) { return m / 3; }
static int turns_of(int m) { return m % 3 + 1; }

static void build_centre_tables(void) {
    for (int c = 0; c < N_CPAR; c++)
        for (int m = 0; m < 18; m++) {
            int b = SIDE_BIT[face_of(m)];
            cpar_mv[c * 18 + m] = (uint8_t)((b >= 0 && turns_of(m) != 2) ? c ^ (1 << b) : c);
        }
    for (int c = 0; c < N_CEN; c++)
        for (int m = 0; m < 18; m++) {
            int u = c & 3, d = (c >> 2) & 3, s = c >> 4, f = face_of(m), t = turns_of(m);
            if (f == U_) u = (u - t) & 3;
            else if (f == D_) d = (d - t) & 3;
            else if (t == 2) s ^= 1 << SIDE_BIT[f];
            else { cen_mv[c * 18 + m] = 0xFF; continue; }
            cen_mv[c * 18 + m] = (uint8_t)(u | d << 2 | s << 4);
        }
}

/* Breadth-first distances for a product of two coordinates (a major, b minor). */
static void build_prune2(uint8_t *T, int na, int nb, const uint16_t *amv, const void *bmv,
                         int b_is_byte, const int *moves, int nm) {
    long n = (long)na * nb, done = 1;
    memset(T, 0xFF, n);
    T[0] = 0;
    for (int depth = 0; done < n; depth++) {
        long added = 0;
        for (long i = 0; i < n; i++) {
            if (T[i] != depth) continue;
            int a = (int)(i / nb), b = (int)(i % nb);
            for (int k = 0; k < nm; k++) {
                int m = moves[k];
                int a2 = amv[a * 18 + m];
                int b2 = b_is_byte ? ((const uint8_t *)bmv)[b * 18 + m] : ((const uint16_t *)bmv)[b * 18 + m];
                long j = (long)a2 * nb + b2;
                if (T[j] == 0xFF) { T[j] = depth + 1; added++; }
            }
        }
        done += added;
        if (!added) break;
    }
}

/* Called between build stages with (stage done, stages); NULL = no report. */
typedef void (*stage_fn)(int, int, void *);
#define N_STAGES 6

static int alloc_all(void) {
    if (twist_mv) return 0;
    twist_mv = malloc(2 * N_TWIST * 18); flip_mv = malloc(2 * N_FLIP * 18);
    slice_mv = malloc(2 * N_SLICE * 18); cperm_mv = malloc(2 * N_PERM8 * 18);
    eperm_mv = malloc(2 * N_PERM8 * 18); sperm_mv = malloc(2 * N_SPERM * 18);
    P1A = malloc((long)N_TWIST * N_SLICE * N_CPAR); P1B = malloc((long)N_FLIP * N_SLICE * N_CPAR);
    P2A = malloc((long)N_PERM8 * N_CEN); P2B = malloc((long)N_PERM8 * N_SPERM);
    P2C = malloc((long)N_PERM8 * N_SPERM);
    if (!twist_mv || !flip_mv || !slice_mv || !cperm_mv || !eperm_mv || !sperm_mv || !P1A ||
        !P1B || !P2A || !P2B || !P2C) return -1;
    return 0;
}

static void build_moves(void) {
    for (int f = 0; f < 6; f++) {
        Cubie c;
        identity(&c);
        for (int t = 0; t < 3; t++) {
            Cubie n;
            mul(&c, &BASIC[f], &n);
            MOVES[f * 3 + t] = n;
            c = n;
        }
    }
    build_centre_tables();
}

/* The stored tables in file order: (pointer, bytes). */
static int table_parts(void **ptr, long *len) {
    void *p[] = {twist_mv, flip_mv, slice_mv, cperm_mv, eperm_mv, sperm_mv, P1A, P1B, P2A, P2B, P2C};
    long n[] = {2L * N_TWIST * 18, 2L * N_FLIP * 18, 2L * N_SLICE * 18, 2L * N_PERM8 * 18,
                2L * N_PERM8 * 18, 2L * N_SPERM * 18, (long)N_TWIST * N_SLICE * N_CPAR,
                (long)N_FLIP * N_SLICE * N_CPAR, (long)N_PERM8 * N_CEN, (long)N_PERM8 * N_SPERM,
                (long)N_PERM8 * N_SPERM};
    for (int i = 0; i < 11; i++) { if (ptr) ptr[i] = p[i]; len[i] = n[i]; }
    return 11;
}

static long tables_size(void) {
    long len[11], total = 0;
    int k = table_parts(NULL, len);
    for (int i = 0; i < k; i++) total += len[i];
    return total;
}

static int build_all(stage_fn report, void *ctx) {
    if (report) report(0, N_STAGES, ctx);
    build_moves();
    int all[18];
    for (int i = 0; i < 18; i++) all[i] = i;
    if (alloc_all()) return -1;
    if (build_move_table(N_TWIST, get_twist, all, 18, twist_mv) ||
        build_move_table(N_FLIP, get_flip, all, 18, flip_mv) ||
        build_move_table(N_SLICE, get_slice, all, 18, slice_mv) ||
        build_move_table(N_PERM8, get_cperm, P2_MOVES, 10, cperm_mv) ||
        build_move_table(N_PERM8, get_eperm, P2_MOVES, 10, eperm_mv) ||
        build_move_table(N_SPERM, get_sperm, P2_MOVES, 10, sperm_mv)) return -2;
    if (report) report(1, N_STAGES, ctx);
    /* Phase 1: (twist or flip) x (slice, side-centre parity) as one minor coordinate. */
    uint16_t *sc_mv = malloc(2L * N_SLICE * N_CPAR * 18);
    if (!sc_mv) return -1;
    for (int s = 0; s < N_SLICE; s++)
        for (int c = 0; c < N_CPAR; c++)
            for (int m = 0; m < 18; m++)
                sc_mv[(s * N_CPAR + c) * 18 + m] =
                    (uint16_t)(slice_mv[s * 18 + m] * N_CPAR + cpar_mv[c * 18 + m]);
    build_prune2(P1A, N_TWIST, N_SLICE * N_CPAR, twist_mv, sc_mv, 0, all, 18);
    if (report) report(2, N_STAGES, ctx);
    build_prune2(P1B, N_FLIP, N_SLICE * N_CPAR, flip_mv, sc_mv, 0, all, 18);
    free(sc_mv);
    if (report) report(3, N_STAGES, ctx);
    build_prune2(P2A, N_PERM8, N_CEN, cperm_mv, cen_mv, 1, P2_MOVES, 10);
    if (report) report(4, N_STAGES, ctx);
    build_prune2(P2B, N_PERM8, N_SPERM, eperm_mv, sperm_mv, 0, P2_MOVES, 10);
    build_prune2(P2C, N_PERM8, N_SPERM, cperm_mv, sperm_mv, 0, P2_MOVES, 10);
    if (report) report(5, N_STAGES, ctx);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */

#define MAX_LEN 40
#define P2_CAP 12

typedef struct {
    Cubie cube;
    int need[6];
    int free_bits;          /* bits of the phase-2 centre index that may differ from 0 */
    int alts[64], n_alts;   /* submasks of free_bits */
    long long node_limit;   /* stop after this many nodes once a solution is known */
    long long nodes;
    int stop;
    int moves[MAX_LEN];
    int best_len, best[MAX_LEN];
    int max_len;
    int p2_cap;             /* longest phase 2 tried (deep phase-2 searches rarely pay) */
    Cubie pre[MAX_LEN + 1]; /* pre[i]: the cube after the first i phase-1 moves (pre[0] = cube) */
    int pre_mv[MAX_LEN], pre_len; /* the moves pre[] was made with, valid up to pre_len */
} Search;

/* Ask the memory for a table entry that is read a little later. The pruning tables are far
 * larger than the caches, so each lookup is a trip to main memory; asking for all of a node's
 * children at once lets those trips overlap instead of following one another. Only when
 * memory is touched changes: the search, its node count and its answer stay the same. */
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)0)
#endif

static int skip_face(int f, int last) {
    if (last < 0) return 0;
    return f == last || (f % 3 == last % 3 && f < last);
}

static int h2(const Search *S, int cp, int ep, int sp, int cen) {
    int h = P2B[ep * N_SPERM + sp], h3 = P2C[cp * N_SPERM + sp];
    if (h3 > h) h = h3;
    int best = 0xFF;
    for (int k = 0; k < S->n_alts; k++) {
        int v = P2A[cp * N_CEN + (cen ^ S->alts[k])];
        if (v < best) best = v;
    }
    return best > h ? best : h;
}

/* A search that has found nothing after NODE_CAP nodes (about a minute) gives up and returns
 * None (the planner then uses other candidates). With good tables a first solution comes far
 * sooner; the cap bounds a search on pruning tables that passed the sampled check but are
 * wrong, which could otherwise run for ever. */
#define NODE_CAP 100000000LL

static int tick(Search *S) {
    if (++S->nodes >= S->node_limit && (S->best_len <= S->max_len || S->nodes >= NODE_CAP))
        S->stop = 1;
    return S->stop;
}

static int p2_dfs(Search *S, int cp, int ep, int sp, int cen, int depth, int togo, int last) {
    if (togo == 0)
        return cp == 0 && ep == 0 && sp == 0 && (cen & ~S->free_bits) == 0;
    if (tick(S)) return 0;
    /* Every child's coordinates first, with its table entries asked for (see PREFETCH), then
     * the children in the same order as one loop would take them. */
    int n = 0, mv[10], c_cp[10], c_ep[10], c_sp[10], c_cen[10];
    for (int k = 0; k < 10; k++) {
        int m = P2_MOVES[k];
        if (skip_face(face_of(m), last)) continue;
        int cp2 = cperm_mv[cp * 18 + m], ep2 = eperm_mv[ep * 18 + m], sp2 = sperm_mv[sp * 18 + m];
        int cen2 = cen_mv[cen * 18 + m];
        PREFETCH(&P2B[ep2 * N_SPERM + sp2]);
        PREFETCH(&P2C[cp2 * N_SPERM + sp2]);
        for (int a = 0; a < S->n_alts && a < 4; a++) PREFETCH(&P2A[cp2 * N_CEN + (cen2 ^ S->alts[a])]);
        if (togo > 1) { PREFETCH(&cperm_mv[cp2 * 18]); PREFETCH(&eperm_mv[ep2 * 18]); }
        mv[n] = m; c_cp[n] = cp2; c_ep[n] = ep2; c_sp[n] = sp2; c_cen[n] = cen2; n++;
    }
    for (int i = 0; i < n; i++) {
        if (h2(S, c_cp[i], c_ep[i], c_sp[i], c_cen[i]) > togo - 1) continue;
        S->moves[depth] = mv[i];
        if (p2_dfs(S, c_cp[i], c_ep[i], c_sp[i], c_cen[i], depth + 1, togo - 1, face_of(mv[i])))
            return 1;
        if (S->stop) return 0;
    }
    return 0;
}

/* The cube after the first len1 moves: consecutive phase-1 solutions of the depth-first search
 * share most of their moves, so only the cubes after the first differing move are recomputed. */
static const Cubie *cube_after(Search *S, int len1) {
    int i = 0;
    while (i < len1 && i < S->pre_len && S->pre_mv[i] == S->moves[i]) i++;
    for (; i < len1; i++) {
        mul(&S->pre[i], &MOVES[S->moves[i]], &S->pre[i + 1]);
        S->pre_mv[i] = S->moves[i];
    }
    S->pre_len = len1;
    return &S->pre[len1];
}

static void phase2(Search *S, int len1) {
    const Cubie *c = cube_after(S, len1);
    int r[6];
    for (int f = 0; f < 6; f++) r[f] = S->need[f];
    for (int i = 0; i < len1; i++) r[face_of(S->moves[i])] -= turns_of(S->moves[i]);
    for (int f = 0; f < 6; f++) r[f] &= 3;
    int s = 0;
    for (int f = 0; f < 6; f++)
        if (SIDE_BIT[f] >= 0) s |= (r[f] >> 1) << SIDE_BIT[f];
    int cen = r[U_] | r[D_] << 2 | s << 4;
    int cp = get_cperm(c), ep = get_eperm(c), sp = get_sperm(c);
    int limit = (S->best_len <= S->max_len ? S->best_len - 1 : S->max_len) - len1;
    if (limit > S->p2_cap) limit = S->p2_cap;
    int last = len1 ? face_of(S->moves[len1 - 1]) : -1;
    for (int d = h2(S, cp, ep, sp, cen); d <= limit; d++) {
        if (p2_dfs(S, cp, ep, sp, cen, len1, d, last)) {
            S->best_len = len1 + d;
            memcpy(S->best, S->moves, sizeof(int) * S->best_len);
            return;
        }
        if (S->stop) return;
    }
}

static void p1_dfs(Search *S, int tw, int fl, int sl, int cpar, int depth, int togo, int last) {
    if (togo == 0) {
        if (depth == 0 || (SIDE_BIT[last] >= 0 && turns_of(S->moves[depth - 1]) != 2)) phase2(S, depth);
        return;
    }
    if (tick(S)) return;
    /* As in p2_dfs: the children's pruning entries are asked for before the first is read. */
    int n = 0, mv[18], c_tw[18], c_fl[18], c_sl[18], c_cp[18];
    long ia[18], ib[18];
    for (int m = 0; m < 18; m++) {
        if (skip_face(face_of(m), last)) continue;
        int tw2 = twist_mv[tw * 18 + m], fl2 = flip_mv[fl * 18 + m], sl2 = slice_mv[sl * 18 + m];
        int cp2 = cpar_mv[cpar * 18 + m];
        ia[n] = ((long)tw2 * N_SLICE + sl2) * N_CPAR + cp2;
        ib[n] = ((long)fl2 * N_SLICE + sl2) * N_CPAR + cp2;
        PREFETCH(&P1A[ia[n]]);
        PREFETCH(&P1B[ib[n]]);
        mv[n] = m; c_tw[n] = tw2; c_fl[n] = fl2; c_sl[n] = sl2; c_cp[n] = cp2; n++;
    }
    for (int i = 0; i < n; i++) {
        int h = P1A[ia[i]], hb = P1B[ib[i]];
        if (hb > h) h = hb;
        if (h > togo - 1) continue;
        S->moves[depth] = mv[i];
        p1_dfs(S, c_tw[i], c_fl[i], c_sl[i], c_cp[i], depth + 1, togo - 1, face_of(mv[i]));
        if (S->stop) return;
        if (depth + togo > S->best_len - 1) return; /* a better total was found meanwhile */
    }
}

static void run_search(Search *S) {
    int tw = get_twist(&S->cube), fl = get_flip(&S->cube), sl = get_slice(&S->cube), cpar = 0;
    for (int f = 0; f < 6; f++)
        if (SIDE_BIT[f] >= 0 && (S->need[f] & 1)) cpar |= 1 << SIDE_BIT[f];
    int h = P1A[((long)tw * N_SLICE + sl) * N_CPAR + cpar];
    int hb = P1B[((long)fl * N_SLICE + sl) * N_CPAR + cpar];
    if (hb > h) h = hb;
    for (int d = h; d < MAX_LEN && d < S->best_len && !S->stop; d++)
        p1_dfs(S, tw, fl, sl, cpar, 0, d, -1);
}

/* facelet colours (URFDLB letters) -> cubie; 0 on success */
static int from_facelets(const char *s, Cubie *c) {
    static const char NAMES[] = "URFDLB";
    int col[54];
    for (int i = 0; i < 54; i++) {
        const char *p = strchr(NAMES, s[i]);
        if (!p || !s[i]) return -1;
        col[i] = (int)(p - NAMES);
    }
    for (int i = 0; i < 8; i++) {
        int ori;
        for (ori = 0; ori < 3; ori++)
            if (col[CORNER_FACELET[i][ori]] == U_ || col[CORNER_FACELET[i][ori]] == D_) break;
        if (ori == 3) return -1;
        int c1 = col[CORNER_FACELET[i][(ori + 1) % 3]], c2 = col[CORNER_FACELET[i][(ori + 2) % 3]];
        int j;
        for (j = 0; j < 8; j++)
            if (CORNER_COLOUR[j][1] == c1 && CORNER_COLOUR[j][2] == c2) break;
        if (j == 8) return -1;
        c->cp[i] = j; c->co[i] = ori;
    }
    for (int i = 0; i < 12; i++) {
        int a = col[EDGE_FACELET[i][0]], b = col[EDGE_FACELET[i][1]], j;
        for (j = 0; j < 12; j++) {
            if (EDGE_COLOUR[j][0] == a && EDGE_COLOUR[j][1] == b) { c->ep[i] = j; c->eo[i] = 0; break; }
            if (EDGE_COLOUR[j][0] == b && EDGE_COLOUR[j][1] == a) { c->ep[i] = j; c->eo[i] = 1; break; }
        }
        if (j == 12) return -1;
    }
    return 0;
}

typedef struct { PyObject *callback; PyThreadState *ts; int failed; } BuildCtx;

/* Report a finished stage to the Python callback (taking the GIL for the call). */
static void report_stage(int done, int total, void *p) {
    BuildCtx *ctx = p;
    if (!ctx->callback || ctx->failed) return;
    PyEval_RestoreThread(ctx->ts);
    PyObject *r = PyObject_CallFunction(ctx->callback, "ii", done, total);
    if (!r) ctx->failed = 1; else Py_DECREF(r);
    ctx->ts = PyEval_SaveThread();
}

static PyObject *py_build(PyObject *self, PyObject *args) {
    PyObject *callback = Py_None;
    if (!PyArg_ParseTuple(args, "|O", &callback)) return NULL;
    if (!ready) {
        BuildCtx ctx = {callback == Py_None ? NULL : callback, NULL, 0};
        int r;
        ctx.ts = PyEval_SaveThread();
        r = build_all(report_stage, &ctx);
        PyEval_RestoreThread(ctx.ts);
        if (ctx.failed) return NULL;
        if (r) { PyErr_Format(PyExc_MemoryError, "two-phase tables could not be built (%d)", r); return NULL; }
        ready = 1;
    }
    Py_RETURN_NONE;
}

/* tables() -> bytes: every move and pruning table, in a fixed order (build() first). */
static PyObject *py_tables(PyObject *self, PyObject *args) {
    if (!ready) { PyErr_SetString(PyExc_RuntimeError, "call build() or load() first"); return NULL; }
    void *ptr[11]; long len[11];
    int k = table_parts(ptr, len);
    PyObject *out = PyBytes_FromStringAndSize(NULL, tables_size());
    if (!out) return NULL;
    char *dst = PyBytes_AS_STRING(out);
    for (int i = 0; i < k; i++) { memcpy(dst, ptr[i], len[i]); dst += len[i]; }
    return out;
}

/* Whether a pruning table T (a major coordinate with move table amv, b minor with bmv) holds the
 * breadth-first distances build_prune2 computes: 0 at the goal only, 0xFF (unreached) only
 * where every neighbour is unreached too, and any other entry d has neighbours at d-1..d+1 only,
 * one of them at d-1. The moves are closed under inverses, so these distances are exactly those
 * local rules; an entry that breaks one is damage. About PRUNE_SAMPLES entries, evenly spread
 * (an odd stride, so that every minor coordinate is met), are checked with their neighbours:
 * checking all of them costs most of a build, and a wrong distance can only make a search
 * slower or miss answers (the node cap in tick() bounds it), never read outside a table. */
#define PRUNE_SAMPLES 8192
static int prune_consistent(const uint8_t *T, int na, int nb, const uint16_t *amv,
                            const void *bmv, int b_is_byte, const int *moves, int nm) {
    long n = (long)na * nb, stride = (n / PRUNE_SAMPLES) | 1;
    if (T[0] != 0) return 0;
    for (long i = 0; i < n; i += stride) {
        int d = T[i], a = (int)(i / nb), b = (int)(i % nb), lower = 0;
        if (d == 0 && i != 0) return 0;
        for (int k = 0; k < nm; k++) {
            int m = moves[k];
            int a2 = amv[a * 18 + m];
            int b2 = b_is_byte ? ((const uint8_t *)bmv)[b * 18 + m]
                               : ((const uint16_t *)bmv)[b * 18 + m];
            int d2 = T[(long)a2 * nb + b2];
            if (d == 0xFF || d2 == 0xFF) { if (d != d2) return 0; continue; }
            if (d2 < d - 1 || d2 > d + 1) return 0;
            lower |= d2 == d - 1;
        }
        if (d != 0 && d != 0xFF && !lower) return 0;
    }
    return 1;
}

/* Whether every entry of move table mv (n coordinates) for the given moves is a coordinate
 * (below n): the entries a search reads, for the moves it makes with that coordinate. */
static int moves_in_range(const uint16_t *mv, int n, const int *moves, int nm) {
    for (int c = 0; c < n; c++)
        for (int k = 0; k < nm; k++)
            if (mv[c * 18 + moves[k]] >= n) return 0;
    return 1;
}

#define WALK 20000
/* Whether the move tables give the coordinates that moves computed now give, along a fixed
 * pseudo-random walk of WALK turns from the solved cube: all 18 turns for twist, flip and
 * slice, the phase-2 turns for the permutations (defined in phase 2's group only). */
static int moves_agree(uint16_t *const mv[6]) {
    uint32_t seed = 20240601u;
    Cubie c, n;
    identity(&c);
    for (int i = 0; i < WALK; i++) {
        seed = seed * 1103515245u + 12345u;
        int m = (int)((seed >> 16) % 18);
        mul(&c, &MOVES[m], &n);
        if (mv[0][get_twist(&c) * 18 + m] != get_twist(&n) ||
            mv[1][get_flip(&c) * 18 + m] != get_flip(&n) ||
            mv[2][get_slice(&c) * 18 + m] != get_slice(&n)) return 0;
        c = n;
    }
    identity(&c);
    for (int i = 0; i < WALK; i++) {
        seed = seed * 1103515245u + 12345u;
        int m = P2_MOVES[(seed >> 16) % 10];
        mul(&c, &MOVES[m], &n);
        if (mv[3][get_cperm(&c) * 18 + m] != get_cperm(&n) ||
            mv[4][get_eperm(&c) * 18 + m] != get_eperm(&n) ||
            mv[5][get_sperm(&c) * 18 + m] != get_sperm(&n)) return 0;
        c = n;
    }
    return 1;
}

/* NULL when the tables in b (tables_size() bytes, in table_parts order) can be used, else what
 * is wrong. Every move-table entry a search reads must be a coordinate (their entries index
 * every other table, so no file, however made, can send a search outside its tables); the
 * move tables must agree with moves computed now along a walk (moves_agree), and the pruning
 * tables must be consistent where sampled (prune_consistent). A wrong entry that passes these
 * samples can only make answers worse or searches longer (the node cap in tick() bounds
 * them), and the planner verifies every plan on the model. */
static const char *check_tables(const uint8_t *b) {
    long len[11];
    const uint8_t *part[11];
    int k = table_parts(NULL, len);
    for (long i = 0, off = 0; i < k; off += len[i], i++) part[i] = b + off;
    int all[18];
    for (int i = 0; i < 18; i++) all[i] = i;
    uint16_t *mv[6];
    for (int i = 0; i < 6; i++) mv[i] = (uint16_t *)part[i];  /* 2-byte aligned in a file */
    if (!ready) build_moves();  /* when ready, searches may be reading MOVES: leave them */
    if (!moves_in_range(mv[0], N_TWIST, all, 18) || !moves_in_range(mv[1], N_FLIP, all, 18) ||
        !moves_in_range(mv[2], N_SLICE, all, 18) ||
        !moves_in_range(mv[3], N_PERM8, P2_MOVES, 10) ||
        !moves_in_range(mv[4], N_PERM8, P2_MOVES, 10) ||
        !moves_in_range(mv[5], N_SPERM, P2_MOVES, 10))
        return "its move tables hold entries out of range (damaged)";
    if (!moves_agree(mv))
        return "its move tables differ from the moves computed now (damaged)";
    uint16_t *sc_mv = malloc(2L * N_SLICE * N_CPAR * 18);
    if (!sc_mv) return "no memory to check the tables";
    for (int s = 0; s < N_SLICE; s++)
        for (int c = 0; c < N_CPAR; c++)
            for (int m = 0; m < 18; m++)
                sc_mv[(s * N_CPAR + c) * 18 + m] =
                    (uint16_t)(mv[2][s * 18 + m] * N_CPAR + cpar_mv[c * 18 + m]);
    const char *why = NULL;
    if (!prune_consistent(part[6], N_TWIST, N_SLICE * N_CPAR, mv[0], sc_mv, 0, all, 18) ||
        !prune_consistent(part[7], N_FLIP, N_SLICE * N_CPAR, mv[1], sc_mv, 0, all, 18) ||
        !prune_consistent(part[8], N_PERM8, N_CEN, mv[3], cen_mv, 1, P2_MOVES, 10) ||
        !prune_consistent(part[9], N_PERM8, N_SPERM, mv[4], mv[5], 0, P2_MOVES, 10) ||
        !prune_consistent(part[10], N_PERM8, N_SPERM, mv[3], mv[5], 0, P2_MOVES, 10))
        why = "its pruning tables are not the distances they should hold (damaged)";
    free(sc_mv);
    return why;
}

/* Check a buffer of tables (check_tables) without the GIL; 0 when good, else -1 with
 * ValueError set and the buffer released. */
static int checked(Py_buffer *buf) {
    if (buf->len != tables_size()) {
        PyBuffer_Release(buf);
        PyErr_Format(PyExc_ValueError, "two-phase tables must be %ld bytes", tables_size());
        return -1;
    }
    const char *why;
    Py_BEGIN_ALLOW_THREADS
    why = check_tables(buf->buf);
    Py_END_ALLOW_THREADS
    if (!why) return 0;
    PyBuffer_Release(buf);
    PyErr_SetString(PyExc_ValueError, why);
    return -1;
}

/* check(buffer): ValueError unless the buffer holds good tables (check_tables); uses nothing. */
static PyObject *py_check(PyObject *self, PyObject *args) {
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "y*", &buf)) return NULL;
    if (checked(&buf)) return NULL;
    PyBuffer_Release(&buf);
    Py_RETURN_NONE;
}

/* load(buffer): take the tables of an earlier tables() call; ValueError when the size is wrong
 * or the contents are not such tables (check_tables: nothing in the buffer is trusted). */
static PyObject *py_load(PyObject *self, PyObject *args) {
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "y*", &buf)) return NULL;
    if (checked(&buf)) return NULL;
    const uint8_t *b = buf.buf;
    if (!ready) {
        long len[11];
        void *ptr[11];
        if (alloc_all()) { PyBuffer_Release(&buf); return PyErr_NoMemory(); }
        int k = table_parts(ptr, len);
        Py_BEGIN_ALLOW_THREADS
        for (int i = 0; i < k; i++) { memcpy(ptr[i], b, len[i]); b += len[i]; }
        Py_END_ALLOW_THREADS
        ready = 1;
    }
    PyBuffer_Release(&buf);
    Py_RETURN_NONE;
}

/* solve(facelets, need (6 ints), free (6 bools as bitmask U..B), nodes, max_len) -> list of
 * move numbers (face*3 + turns-1), the shortest found within the node budget (searched on until
 * a first solution is found); None if none within max_len */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    const char *fac;
    Py_ssize_t flen;
    int n[6], freemask, max_len, p2_cap = P2_CAP;
    long long node_limit;
    if (!PyArg_ParseTuple(args, "s#(iiiiii)iLi|i", &fac, &flen, &n[0], &n[1], &n[2], &n[3], &n[4],
                          &n[5], &freemask, &node_limit, &max_len, &p2_cap))
        return NULL;
    if (!ready) { PyErr_SetString(PyExc_RuntimeError, "call build() first"); return NULL; }
    if (flen != 54) { PyErr_SetString(PyExc_ValueError, "54 facelets expected"); return NULL; }
    Search *S = calloc(1, sizeof(Search));
    if (!S) return PyErr_NoMemory();
    if (from_facelets(fac, &S->cube)) { free(S); PyErr_SetString(PyExc_ValueError, "bad facelets"); return NULL; }
    for (int f = 0; f < 6; f++) S->need[f] = n[f] & 3;
    int fb = 0;
    if (freemask & (1 << U_)) fb |= 2;
    if (freemask & (1 << D_)) fb |= 8;
    for (int f = 0; f < 6; f++)
        if (SIDE_BIT[f] >= 0 && (freemask & (1 << f))) fb |= 16 << SIDE_BIT[f];
    S->free_bits = fb;
    S->n_alts = 0;
    for (int sub = fb;; sub = (sub - 1) & fb) { S->alts[S->n_alts++] = sub; if (!sub) break; }
    S->max_len = max_len < MAX_LEN ? max_len : MAX_LEN - 1;
    S->best_len = S->max_len + 1;
    S->p2_cap = p2_cap;
    S->node_limit = node_limit;
    S->pre[0] = S->cube;
    S->pre_len = 0;
    Py_BEGIN_ALLOW_THREADS
    run_search(S);
    Py_END_ALLOW_THREADS
    PyObject *out;
    if (S->best_len > S->max_len) {
        out = Py_None; Py_INCREF(out);
    } else {
        out = PyList_New(S->best_len);
        for (int i = 0; out && i < S->best_len; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(S->best[i]));
    }
    free(S);
    return out;
}

static PyObject *py_ready(PyObject *self, PyObject *args) { return PyBool_FromLong(ready); }

static PyMethodDef METHODS[] = {
    {"build", py_build, METH_VARARGS,
     "build([callback(done, total)]): build the move and pruning tables (once; about 48 MB)."},
    {"tables", py_tables, METH_NOARGS, "tables() -> bytes of every table (after build or load)."},
    {"load", py_load, METH_VARARGS, "load(buffer): use tables from an earlier tables() call."},
    {"check", py_check, METH_VARARGS, "check(buffer): ValueError unless it holds good tables."},
    {"ready", py_ready, METH_NOARGS, "True once the tables are built or loaded."},
    {"solve", py_solve, METH_VARARGS,
     "solve(facelets, need, free_mask, nodes, max_len[, p2_cap]) -> list of move numbers or None."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_twophase",
                                    "Centre-aware two-phase solver (C).", -1, METHODS};

PyMODINIT_FUNC PyInit__twophase(void) {
    PyObject *m = PyModule_Create(&MODULE);
    /* bump when the layout or meaning of the tables changes (cached copies are then rebuilt) */
    if (m && PyModule_AddIntConstant(m, "TABLES_VERSION", 1)) { Py_DECREF(m); return NULL; }
    return m;
}
