// sm90_sched.cuh — which work items a CTA of flash_attn_sm90.cu computes. An item is one query tile
// (BM rows) of one head; items are numbered head-major, a head's query tiles consecutive (causal:
// its longest rows first), so the CTAs running at one time share a few heads' K and V in L2.
//   one CTA per item (PERSISTENT=0, and causal shapes always): item = blockIdx.x; the hardware
//     starts each CTA as an SM frees up, which balances items of different lengths
//   persistent (PERSISTENT=1, non-causal shapes): one CTA per SM, CTA c computes items c, c + G,
//     c + 2G, ... (G CTAs); every item is the same work, so the CTAs end together, and the
//     producer loads the next item's Q (once every consumer warpgroup has issued its last S of
//     the item before) and then its K tiles while the consumers finish the last tiles and store
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

// The CTA's k-th item (k = 0, 1, ...), or -1 when it has no k-th.
__device__ __forceinline__ int item_index(const Params &p, int k) {
  const int i = (int)blockIdx.x + k * (int)gridDim.x;
  return i < p.n_items ? i : -1;
}

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

}  // namespace fa90
