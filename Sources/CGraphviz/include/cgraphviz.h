#ifndef CGRAPHVIZ_H
#define CGRAPHVIZ_H

#include <stddef.h>

/// A thin C face of Graphviz's cgraph and gvc libraries: their accessors
/// are macros over internal structs, which Swift cannot call. None of these
/// functions is safe to call from two threads at once (Graphviz keeps
/// global state): the Swift side holds one lock around every call.

/// Reads the first graph of DOT `text`. On failure returns NULL and leaves
/// Graphviz's message (e.g. "syntax error in line 3 near 'x'") in `err`.
void *cgv_read(const char *text, char *err, size_t errlen);
void cgv_close(void *graph);
int cgv_directed(void *graph);

/// The graph's nodes in the order they were first named.
void *cgv_first_node(void *graph);
void *cgv_next_node(void *graph, void *node);
/// Every edge of the graph once, by tail node, then out-edge.
void *cgv_first_edge(void *graph);
void *cgv_next_edge(void *graph, void *edge);
void *cgv_tail(void *edge);
void *cgv_head(void *edge);
/// The order an object was made in: edges sorted by it are in the order
/// the file wrote them.
unsigned long cgv_seq(void *object);
const char *cgv_name(void *object);
/// Attribute `name` of a node, an edge or the graph, or NULL when it is
/// neither set nor declared with a default.
const char *cgv_attr(void *object, const char *name);
/// Whether `label` of `object` is an HTML-like label (`<...>`).
int cgv_html_label(void *object);

/// The kinds of object an attribute's default is declared for.
typedef enum { CGV_GRAPH = 0, CGV_NODE = 1, CGV_EDGE = 2 } cgv_kind;

/// A new empty graph named G, directed or not, built with the calls below
/// exactly as Graphviz's parser builds the graph of a DOT text.
void *cgv_open(int directed);
/// Declares attribute `name` of every object of `kind` with the default
/// `value` (for the graph, its value too): DOT's `graph [name=value]`,
/// `node [...]` and `edge [...]`.
void cgv_declare(void *graph, cgv_kind kind, const char *name, const char *value);
/// The node named `name`, made when there is none yet.
void *cgv_node(void *graph, const char *name);
/// A new edge from `tail` to `head` (beside any between them already).
void *cgv_edge(void *graph, void *tail, void *head);
/// Sets attribute `name` of a node or edge, declared with an empty
/// default when it is new: DOT's `n0 [name=value]`. `value` is what the
/// parser would keep of a quoted string (its backslashes as written).
void cgv_set(void *object, const char *name, const char *value);

/// Lays `graph` out with the layout engine `engine` (dot, neato, fdp,
/// circo, sfdp, nop, ...). `nodes` and `edges` are its nodes and edges in
/// the order the results are wanted. Returns a malloc'd array (free it
/// with cgv_free) of, in points with y up: the bounding box (x0, y0, x1,
/// y1); each node's centre (x, y); and for each edge, the count k of its
/// points, then the k points (x, y) of its curve as Graphviz's B-spline
/// control points: the start, then three for each cubic piece, from the
/// tail's outline to the head's (an arrowhead's tip included as a
/// straight last piece). Sets `count` to the number of doubles. NULL on
/// failure, the reason in `err`. The graph stays open: close it with
/// cgv_close.
double *cgv_layout(void *graph, const char *engine, void *const *nodes, int nodeCount, void *const *edges, int edgeCount,
                   size_t *count, char *err, size_t errlen);
void cgv_free(double *values);

#endif
