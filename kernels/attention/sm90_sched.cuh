// sm90_sched.cuh — which work a CTA of flash_attn_sm90.cu computes. An item is one query tile
// (BM rows) of one head; items are numbered head-major, a head's query tiles consecutive (causal:
// groups of 8 heads, each group's longest items first: item_at), so the CTAs running at one time
// share a few heads' K and V in L2. A CTA computes a sequence of segments: key tiles [t0, t1) of
// one item.
//   one CTA per item (PERSISTENT=0, and causal shapes always): item = blockIdx.x, all its tiles;
//     the hardware starts each CTA as an SM frees up, which balances items of different lengths
//   persistent (PERSISTENT=1, non-causal shapes): one CTA per SM, CTA c computes items c, c + G,
//     c + 2G, ... (G CTAs), all tiles of each; every item is the same work, so the CTAs end
//     together, but when the items are not a multiple of G the last round leaves SMs idle
//   split (PERSISTENT=2, non-causal shapes): one CTA per SM; the whole rounds of the persistent
//     schedule first (items c + kG, k < floor(items / G)), then the remaining items' key tiles in
//     a row, (item, tile) units i·T + t, cut into G equal runs (stream-K: CTA c computes units
//     [c·U/G, (c+1)·U/G) of the U after the whole rounds), so that no SM idles in the last round
//     by more than a tile. Only the last round is cut: in the whole rounds the CTAs running at one
//     time share a few heads' K and V in L2, which runs over all items would not (each CTA on
//     another head). An item cut between CTAs is finished by the CTA holding its tile 0 (the
//     item is the last segment of its run): the later CTAs compute their pieces of it first,
//     each leaving its partial softmax state in the workspace, and the first merges them
//     (sm90_split.cuh)
//   The producer loads the next segment's Q (once every consumer warpgroup has issued its last S
//   of the segment before) and then its K tiles while the consumers finish the last tiles.
// Every role of a CTA derives the same sequence, so nothing is handed over but the tiles.
#pragma once
#include "sm90_config.cuh"
#include "sm90_params.cuh"

namespace fa90 {

struct Item {
  int q0;       // first query row
  int bh;       // head (b·H + h)
  int n_tiles;  // key tiles it reads: all of them, or (causal) up to its last row
};

#define FA90_HD __host__ __device__ __forceinline__

FA90_HD int imin(int a, int b) { return a < b ? a : b; }

// Causal items are numbered group-major over groups of CAUSAL_GROUP heads, within a group by query
// tile from the last (the longest) and then by head: the longest items of a group's heads first
// (longest-processing-time order, so the grid does not end on a tail of long items), while the
// CTAs running at one time stay on a few heads' K and V (8 heads of S=4096, D=128: 16 MB of the
// L2's 60). Non-causal items are all the same work: head-major, a head's query tiles in order.
constexpr int CAUSAL_GROUP = 8;

FA90_HD Item item_at(const Params &p, int i) {
  Item it;
  int qt;
  if (p.causal) {
    const int per = CAUSAL_GROUP * p.n_qt;  // the items of a whole group
    const int g = i / per, j = i - g * per;
    const int heads = imin(CAUSAL_GROUP, p.n_items / p.n_qt - g * CAUSAL_GROUP);  // this group's
    qt = p.n_qt - 1 - j / heads;
    it.bh = g * CAUSAL_GROUP + j % heads;
  } else {
    qt = i % p.n_qt;
    it.bh = i / p.n_qt;
  }
  it.q0 = qt * BM;
  const int kv_hi = p.causal ? imin(p.skv, imin(it.q0 + BM, p.sq)) : p.skv;
  it.n_tiles = (kv_hi + BN - 1) / BN;  // >= 1: key 0 is visible to every row
  return it;
}

// Split (the host, before a launch of G = ctas CTAs over items items of n_tiles key tiles): the
// whole rounds' items and the last round's units per CTA.
inline void split_params(Params &p, int items, int n_tiles, int ctas) {
  p.split = 1;
  p.n_tiles = n_tiles;
  p.whole_items = items / ctas * ctas;
  const long long units = (long long)(items - p.whole_items) * n_tiles;
  p.units_per_cta = (int)(units / ctas);
  p.units_rem = (unsigned)(units % ctas);
}

// Split: the first unit of CTA c's run (c = G: the end of the last run), base + c·U/G over the
// U = (items - whole_items)·T units after the whole rounds, c·U/G computed as c·(U / G) +
// c·(U % G) / G in 32 bits: the host splits only shapes of fewer than 2^31 units, a round more
// included, and G <= 2^16 CTAs (flash_attn_sm90.cu), so c·(U % G) < 2^32.
FA90_HD int run_start(const Params &p, int c, int ctas) {
  return p.whole_items * p.n_tiles + c * p.units_per_cta + (int)((unsigned)c * p.units_rem / (unsigned)ctas);
}

// Split: the next CTA after cta whose run starts inside the item ending at unit item_end and is
// not empty (with fewer last-round units than CTAs some runs are), or -1: the CTAs holding the
// later pieces of an item that cta holds tile 0 of.
FA90_HD int later_piece(const Params &p, int cta, int item_end, int ctas) {
  for (int c = cta + 1; c < ctas; ++c) {
    const int start = run_start(p, c, ctas);
    if (start >= item_end) return -1;
    if (run_start(p, c + 1, ctas) > start) return c;
  }
  return -1;
}

struct Segment {
  Item it;
  int item;    // its index
  int t0, t1;  // key tiles [t0, t1) of the item
};

// The segments of CTA cta of ctas, in order (the kernel passes blockIdx.x and gridDim.x; the
// host test tests/kernels/test_sm90_sched.cu, any).
struct Sched {
  // split: the CTA's next unit and the end of the whole rounds' units, then of its run (a switch
  // at the whole rounds' end is idempotent: an empty run switches to itself); otherwise the
  // CTA's next item and the item count
  int u, end;

  FA90_HD Sched(const Params &p, int cta) {
    if (PERSISTENT == 2 && p.split) {
      u = cta * p.n_tiles;
      end = p.whole_items * p.n_tiles;
    } else {
      u = cta;
      end = p.n_items;
    }
  }

  // The next segment, or false when the CTA is done.
  FA90_HD bool next(const Params &p, Segment &g, int cta, int ctas) {
    if (PERSISTENT == 2 && p.split) {
      if (u >= end && end == p.whole_items * p.n_tiles) {  // the whole rounds are done
        u = run_start(p, cta, ctas);
        end = run_start(p, cta + 1, ctas);
      }
      if (u >= end) return false;
      g.item = u / p.n_tiles;
      g.it = item_at(p, g.item);
      g.t0 = u - g.item * p.n_tiles;
      g.t1 = imin(g.it.n_tiles, g.t0 + (end - u));
      // a whole round's item: the same item of the next round
      u = u < p.whole_items * p.n_tiles ? u + ctas * p.n_tiles : u + g.t1 - g.t0;
      return true;
    }
    if (u >= end) return false;
    g.item = u;
    g.it = item_at(p, u);
    g.t0 = 0;
    g.t1 = g.it.n_tiles;
    // < 2^31: persistent, u < n_items + G with G <= 65536 (the host caps n_items below 2^31 -
    // 65536); one CTA per item, u = blockIdx.x < n_items and the loop ends here
    u += ctas;
    return true;
  }
};

#undef FA90_HD

}  // namespace fa90
