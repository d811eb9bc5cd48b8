#include "cgraphviz.h"

#include <graphviz/gvc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Graphviz reports errors through a function of its own; the messages of
// one call are gathered here (the Swift side serialises calls).
static char messages[1024];

static int gather(char *message) {
    size_t used = strlen(messages);
    if (used + 1 < sizeof messages) {
        strncat(messages, message, sizeof messages - used - 1);
    }
    return 0;
}

// The lexer's own reset (flex's, exported by libcgraph but in no header):
// agmemread reads one graph and leaves the rest of its text in the lexer's
// buffer, which the next read would go on with (a file of several graphs,
// or text after a graph, then any other text: "no graph").
extern int aaglex_destroy(void);

static void start_gathering(void) {
    messages[0] = 0;
    agseterrf(gather);
    // The parser counts lines across every text it has read: from 1 again.
    agsetfile("<input>");
    agreadline(1);
}

// The first error line of what was gathered, without "Error: " and the
// line end.
static void first_error(char *err, size_t errlen) {
    if (!err || errlen == 0) return;
    const char *m = messages;
    const char *error = strstr(m, "Error");
    if (error) m = error;
    if (strncmp(m, "Error: ", 7) == 0) m += 7;
    if (strncmp(m, "<input>: ", 9) == 0) m += 9;
    size_t n = strcspn(m, "\n");
    if (n >= errlen) n = errlen - 1;
    memcpy(err, m, n);
    err[n] = 0;
}

void *cgv_read(const char *text, char *err, size_t errlen) {
    start_gathering();
    aaglex_destroy();
    Agraph_t *g = agmemread(text);
    aaglex_destroy();
    if (!g) {
        first_error(err, errlen);
        if (err && errlen && !err[0]) snprintf(err, errlen, "no graph in the text");
    }
    return g;
}

void cgv_close(void *graph) { agclose((Agraph_t *)graph); }
int cgv_directed(void *graph) { return agisdirected((Agraph_t *)graph); }
void *cgv_first_node(void *graph) { return agfstnode((Agraph_t *)graph); }
void *cgv_next_node(void *graph, void *node) { return agnxtnode((Agraph_t *)graph, (Agnode_t *)node); }

void *cgv_first_edge(void *graph) {
    Agraph_t *g = graph;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        Agedge_t *e = agfstout(g, n);
        if (e) return e;
    }
    return NULL;
}

void *cgv_next_edge(void *graph, void *edge) {
    Agraph_t *g = graph;
    Agedge_t *e = agnxtout(g, (Agedge_t *)edge);
    if (e) return e;
    for (Agnode_t *n = agnxtnode(g, agtail((Agedge_t *)edge)); n; n = agnxtnode(g, n)) {
        e = agfstout(g, n);
        if (e) return e;
    }
    return NULL;
}

void *cgv_tail(void *edge) { return agtail((Agedge_t *)edge); }
void *cgv_head(void *edge) { return aghead((Agedge_t *)edge); }
unsigned long cgv_seq(void *object) { return (unsigned long)AGSEQ(object); }
const char *cgv_name(void *object) { return agnameof(object); }

const char *cgv_attr(void *object, const char *name) {
    Agsym_t *sym = agattrsym(object, (char *)name);
    if (!sym) return NULL;
    return agxget(object, sym);
}

int cgv_html_label(void *object) {
    const char *label = cgv_attr(object, "label");
    return label && aghtmlstr((char *)label);
}

void *cgv_open(int directed) {
    return agopen("G", directed ? Agdirected : Agundirected, NULL);
}

void cgv_declare(void *graph, cgv_kind kind, const char *name, const char *value) {
    agattr((Agraph_t *)graph, (int)kind, (char *)name, (char *)value);
}

void *cgv_node(void *graph, const char *name) { return agnode((Agraph_t *)graph, (char *)name, 1); }
void *cgv_edge(void *graph, void *tail, void *head) { return agedge((Agraph_t *)graph, (Agnode_t *)tail, (Agnode_t *)head, NULL, 1); }
void cgv_set(void *object, const char *name, const char *value) { agsafeset(object, (char *)name, (char *)value, ""); }

static GVC_t *context;

double *cgv_layout(void *graph, const char *engine, void *const *nodes, int nodeCount, void *const *edges, int edgeCount,
                   size_t *count, char *err, size_t errlen) {
    if (!context) context = gvContext();
    Agraph_t *g = graph;
    start_gathering();
    // The force-directed engines draw random numbers from the C library
    // (sfdp without being asked to seed): each layout starts from the same
    // seed, so it does not depend on the layouts made before it.
    srand48(1);
    srand(1);
    if (gvLayout(context, g, engine) != 0) {
        first_error(err, errlen);
        if (err && errlen && !err[0]) snprintf(err, errlen, "Graphviz's %s layout failed", engine);
        return NULL;
    }
    // Room for every point Graphviz gives, counted first.
    size_t total = 4 + 2 * (size_t)nodeCount + (size_t)edgeCount;
    for (int k = 0; k < edgeCount; k++) {
        Agedge_t *e = edges[k];
        if (!ED_spl(e) || ED_spl(e)->size < 1) continue;
        bezier *b = &ED_spl(e)->list[0];
        total += 2 * ((size_t)b->size + 6);
    }
    double *out = calloc(total, sizeof(double));
    if (!out) {
        snprintf(err, errlen, "out of memory");
        gvFreeLayout(context, g);
        return NULL;
    }
    boxf bb = GD_bb(g);
    out[0] = bb.LL.x;
    out[1] = bb.LL.y;
    out[2] = bb.UR.x;
    out[3] = bb.UR.y;
    for (int i = 0; i < nodeCount; i++) {
        Agnode_t *n = nodes[i];
        out[4 + 2 * i] = ND_coord(n).x;
        out[5 + 2 * i] = ND_coord(n).y;
    }
    size_t at = 4 + 2 * (size_t)nodeCount;
    for (int k = 0; k < edgeCount; k++) {
        Agedge_t *e = edges[k];
        if (!ED_spl(e) || ED_spl(e)->size < 1) {
            out[at++] = 0;
            continue;
        }
        bezier *b = &ED_spl(e)->list[0];
        size_t countAt = at++;
        size_t k2 = 0;
        // An arrowhead at the start: a straight piece from its tip.
        if (b->sflag) {
            pointf p = b->sp, q = b->list[0];
            for (int j = 0; j < 3; j++) {
                double f = j / 3.0;
                out[at++] = p.x + (q.x - p.x) * f;
                out[at++] = p.y + (q.y - p.y) * f;
                k2++;
            }
        }
        for (int j = 0; j < b->size; j++) {
            out[at++] = b->list[j].x;
            out[at++] = b->list[j].y;
            k2++;
        }
        if (b->eflag) {
            pointf p = b->list[b->size - 1], q = b->ep;
            for (int j = 1; j <= 3; j++) {
                double f = j / 3.0;
                out[at++] = p.x + (q.x - p.x) * f;
                out[at++] = p.y + (q.y - p.y) * f;
                k2++;
            }
        }
        out[countAt] = (double)k2;
    }
    *count = at;
    gvFreeLayout(context, g);
    return out;
}

void cgv_free(double *values) { free(values); }
