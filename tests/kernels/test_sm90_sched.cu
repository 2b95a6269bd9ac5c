// test_sm90_sched.cu — the Hopper kernel's work schedule (kernels/attention/sm90_sched.cuh) on the
// host, as every CTA of a launch would walk it: with the split (PERSISTENT=2) over 1..300 items
// (and a few large counts) of 1..32 key tiles on 1..132 CTAs, and without it. Checked against the
// definitions, not against numbers the code computes:
//   every (item, key tile) unit is computed once, by exactly one CTA;
//   a piece starting past tile 0 (a published partial) comes only after whole items in its
//     CTA's run, and the piece holding tile 0 of a cut item is the last segment of its run;
//   the CTAs a merging CTA waits for are exactly those that publish a piece of the same item,
//     each waited for once, all higher-numbered (so no wait can close a cycle)
//   the items (item_at): every (head, query tile) once; causal, the heads in groups of
//     CAUSAL_GROUP taken in order, within a group the items never growing longer, and every item
//     of a group before any of the next
// Host-only (no GPU): nvcc compiles the header's __host__ __device__ functions for the CPU.
#include <stdio.h>

#include <map>
#include <set>
#include <vector>

#include "check.h"
#include "sm90_sched.cuh"

using namespace fa90;

static Params params(int items, int tiles) {
  Params p = {};
  p.n_items = items;
  p.n_qt = 1;  // one query tile a head: item i is head i
  p.sq = BM;
  p.skv = tiles * BN;  // non-causal: every item reads every tile
  p.causal = 0;
  return p;
}

// Walks one launch; returns the number of failed invariants (and says which, once).
static int walk(int items, int tiles, int ctas, bool split) {
  Params p = params(items, tiles);
  if (split) split_params(p, items, tiles, ctas);
  std::vector<int> owner((size_t)items * tiles, -1);
  std::set<int> published;
  std::map<int, int> waited;             // CTA -> times waited for
  std::map<int, int> published_item;     // CTA -> item of its piece
  int bad = 0;
  auto fail = [&](const char *what, int c) {
    if (!bad) printf("# items=%d tiles=%d ctas=%d split=%d: CTA %d: %s\n", items, tiles, ctas, split, c, what);
    ++bad;
  };
  for (int c = 0; c < ctas; ++c) {
    Sched sc(p, c);
    Segment g;
    std::vector<Segment> segs;
    std::vector<int> after;  // sc.u after each segment
    while (sc.next(p, g, c, ctas)) {
      segs.push_back(g);
      after.push_back(sc.u);
      if ((long)segs.size() > (long)items * tiles + 1) { fail("does not end", c); break; }
    }
    for (size_t k = 0; k < segs.size(); ++k) {
      const Segment &s = segs[k];
      if (s.t0 < 0 || s.t1 > tiles || s.t0 >= s.t1) fail("empty or out-of-range segment", c);
      for (int t = s.t0; t < s.t1 && t < tiles; ++t) {
        int &o = owner[(size_t)s.item * tiles + t];
        if (o >= 0) fail("a unit computed twice", c);
        o = c;
      }
      if (s.t0 > 0) {
        for (size_t j = 0; j < k; ++j)
          if (segs[j].t0 != 0 || segs[j].t1 != tiles) fail("a piece after a cut segment", c);
        published.insert(c);
        published_item[c] = s.item;
      } else if (s.t1 < tiles) {
        if (k + 1 != segs.size()) fail("a cut item's tile 0 not last in the run", c);
        const int item_end = after[k] - s.t1 + tiles;
        if (item_end != (s.item + 1) * tiles) fail("the item's end unit", c);
        for (int w = later_piece(p, c, item_end, ctas); w >= 0; w = later_piece(p, w, item_end, ctas)) {
          if (w <= c) fail("waits for a lower CTA", c);
          ++waited[w];
        }
      }
    }
  }
  for (int u = 0; u < items * tiles; ++u)
    if (owner[(size_t)u] < 0) { fail("a unit never computed", -1); break; }
  for (int c : published)
    if (waited[c] != 1) fail("a published piece not waited for exactly once", c);
  for (auto &kv : waited)
    if (!published.count(kv.first)) fail("waits for a CTA that publishes nothing", kv.first);
  // the waiting CTA holds tile 0 of the item whose piece it waits for
  for (int c : published) {
    const int item = published_item[c];
    const int c0 = owner[(size_t)item * tiles];
    if (c0 >= c) fail("a piece's item starts at a higher CTA", c);
  }
  return bad;
}

int main(void) {
  int bad = 0, runs = 0;
  const int tiles_set[] = {1, 2, 3, 5, 8, 16, 24, 32};
  const int ctas_set[] = {1, 2, 7, 64, 132};
  for (int items = 1; items <= 300; ++items)
    for (int tiles : tiles_set)
      for (int g : ctas_set) {
        const int ctas = items * tiles < g ? items * tiles : g;  // as the host's plan: G <= units
        bad += walk(items, tiles, ctas, true) != 0;
        ++runs;
      }
  CHECK(bad == 0, "split: 12000 launches (1..300 items x 8 tile counts x 5 CTA counts) keep every invariant");
  bad = 0;
  const int big[][3] = {{2048, 24, 132}, {2048, 32, 132}, {256, 16, 132}, {176, 16, 132}, {4224, 24, 132},
                        {800, 2, 132}, {160, 3, 132}, {2, 32, 64}, {16, 8, 128}, {1440, 6, 114}};
  for (auto &b : big) bad += walk(b[0], b[1], b[2], true) != 0;
  CHECK(bad == 0, "split: the hopper shapes' counts (2048 items x 24 tiles on 132 CTAs ...)");
  bad = 0;
  for (int items = 1; items <= 400; items += 3)
    for (int g : ctas_set) bad += walk(items, 4, g, false) != 0;
  CHECK(bad == 0, "not split: items c, c + G, ... cover every item once");
  // the items' order (item_at), causal and not, over 1..40 heads of 1..20 query tiles
  int bad_order = 0;
  for (int heads = 1; heads <= 40; ++heads)
    for (int n_qt = 1; n_qt <= 20; ++n_qt)
      for (int causal = 0; causal <= 1; ++causal) {
        Params p = {};
        p.n_qt = n_qt;
        p.n_items = heads * n_qt;
        p.sq = p.skv = n_qt * BM - (n_qt > 1 ? BM / 2 : 0);  // a ragged last tile where there are several
        p.causal = causal;
        std::set<std::pair<int, int>> seen;
        int prev_group = 0, prev_tiles = 1 << 30, fails = 0;
        for (int i = 0; i < p.n_items; ++i) {
          const Item it = item_at(p, i);
          const int qt = it.q0 / BM;
          if (it.bh < 0 || it.bh >= heads || qt < 0 || qt >= n_qt || it.q0 % BM) { ++fails; break; }
          if (!seen.insert({it.bh, qt}).second) ++fails;                 // twice
          if (!causal) {
            if (it.bh != i / n_qt || qt != i % n_qt) ++fails;            // head-major, in order
            continue;
          }
          const int group = it.bh / CAUSAL_GROUP;
          if (group < prev_group) ++fails;                                // a group revisited
          if (group > prev_group) prev_tiles = 1 << 30;
          if (it.n_tiles > prev_tiles) ++fails;                           // longer after shorter
          prev_group = group, prev_tiles = it.n_tiles;
        }
        if ((int)seen.size() != p.n_items) ++fails;
        if (fails && !bad_order)
          printf("# item order: heads=%d n_qt=%d causal=%d: %d failures\n", heads, n_qt, causal, fails);
        bad_order += fails != 0;
      }
  CHECK(bad_order == 0, "items: every (head, query tile) once; non-causal head-major; causal in groups of CAUSAL_GROUP heads, longest first within each");
  printf("# %d split launches walked\n", runs);
  CHECK_DONE();
}
