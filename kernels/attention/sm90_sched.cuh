// sm90_sched.cuh — which work a CTA of flash_attn_sm90.cu computes. An item is one query tile
// (BM rows) of one head; items are numbered head-major, a head's query tiles consecutive (causal:
// its longest rows first), so the CTAs running at one time share a few heads' K and V in L2. A
// CTA computes a sequence of segments: key tiles [t0, t1) of one item.
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

__device__ __forceinline__ Item item_at(const Params &p, int i) {
  const int qi = i % p.n_qt;
  const int qt = p.causal ? p.n_qt - 1 - qi : qi;
  Item it;
  it.q0 = qt * BM;
  it.bh = i / p.n_qt;
  const int kv_hi = p.causal ? min(p.skv, min(it.q0 + BM, p.sq)) : p.skv;
  it.n_tiles = (kv_hi + BN - 1) / BN;  // >= 1: key 0 is visible to every row
  return it;
}

// Split: the first unit of CTA c's run (c = G: the end of the last run), base + c·U/G over the
// U = (items - whole_items)·T units after the whole rounds, c·U/G computed as c·(U / G) +
// c·(U % G) / G in 32 bits: the host splits only shapes of fewer than 2^31 units in all and G <=
// 2^16 CTAs (flash_attn_sm90.cu), so c·(U % G) < 2^32.
__device__ __forceinline__ int run_start(const Params &p, int c) {
  return p.whole_items * p.n_tiles + c * p.units_per_cta +
         (int)((unsigned)c * p.units_rem / gridDim.x);
}

struct Segment {
  Item it;
  int item;    // its index
  int t0, t1;  // key tiles [t0, t1) of the item
};

struct Sched {
  // split: the CTA's next unit and the end of the whole rounds' units, then of its run (a switch
  // at the whole rounds' end is idempotent: an empty run switches to itself); otherwise the
  // CTA's next item and the item count
  int u, end;

  __device__ __forceinline__ explicit Sched(const Params &p) {
    if (PERSISTENT == 2 && p.split) {
      u = (int)blockIdx.x * p.n_tiles;
      end = p.whole_items * p.n_tiles;
    } else {
      u = (int)blockIdx.x;
      end = p.n_items;
    }
  }

  // The next segment, or false when the CTA is done.
  __device__ __forceinline__ bool next(const Params &p, Segment &g) {
    if (PERSISTENT == 2 && p.split) {
      if (u >= end && end == p.whole_items * p.n_tiles) {  // the whole rounds are done
        u = run_start(p, (int)blockIdx.x);
        end = run_start(p, (int)blockIdx.x + 1);
      }
      if (u >= end) return false;
      g.item = u / p.n_tiles;
      g.it = item_at(p, g.item);
      g.t0 = u - g.item * p.n_tiles;
      g.t1 = min(g.it.n_tiles, g.t0 + (end - u));
      // a whole round's item: the same item of the next round
      u = u < p.whole_items * p.n_tiles ? u + (int)gridDim.x * p.n_tiles : u + g.t1 - g.t0;
      return true;
    }
    if (u >= end) return false;
    g.item = u;
    g.it = item_at(p, u);
    g.t0 = 0;
    g.t1 = g.it.n_tiles;
    u += (int)gridDim.x;  // < 2^31: the host keeps n_items + G below it
    return true;
  }
};

}  // namespace fa90
