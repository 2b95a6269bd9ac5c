// cpu_reference.cu — the attention problem's fp64 CPU reference (reference.h), for --check-ref.
#include <math.h>
#include <stdlib.h>
#include "bench_cuda.h"
#include "reference.h"

// out[B,H,Sq,D] = softmax(q kᵀ scale) v in double; causal top-left (keys j <= i).
void attention_reference_cpu(const attn_shape *s, const double *q, const double *k, const double *v,
                             double scale, double *out) {
  double *p = (double *)malloc((size_t)s->Skv * sizeof(double));
  if (!p) bench_usage_fail("out of host memory");
  for (int bh = 0; bh < s->B * s->H; bh++)
    for (int i = 0; i < s->Sq; i++) {
      const double *qi = q + ((size_t)bh * s->Sq + i) * s->D;
      const double *kh = k + (size_t)bh * s->Skv * s->D, *vh = v + (size_t)bh * s->Skv * s->D;
      int n = s->causal ? (i + 1 < s->Skv ? i + 1 : s->Skv) : s->Skv;
      double m = -INFINITY, l = 0;
      for (int j = 0; j < n; j++) {
        double dot = 0;
        for (int d = 0; d < s->D; d++) dot += qi[d] * kh[(size_t)j * s->D + d];
        p[j] = dot * scale;
        if (p[j] > m) m = p[j];
      }
      for (int j = 0; j < n; j++) l += (p[j] = exp(p[j] - m));
      for (int d = 0; d < s->D; d++) {
        double acc = 0;
        for (int j = 0; j < n; j++) acc += p[j] * vh[(size_t)j * s->D + d];
        out[((size_t)bh * s->Sq + i) * s->D + d] = acc / l;
      }
    }
  free(p);
}
