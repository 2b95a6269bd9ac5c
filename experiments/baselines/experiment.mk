# baselines — every baseline in one run, on the seeds' shapes plus a large and a decode shape:
# PyTorch SDPA's four backends (GPU time from CUDA-graph replays and per-call time from Python)
# and the unfused cuBLAS baseline, beside the tuned kernel at each head dimension.
DESCRIPTION := Baselines in one run: SDPA cuDNN/flash/efficient/default and cuBLAS, with the tuned kernel
KERNEL      := attention/flash_attn.cu
SHAPES      := B1_H1_S128_D64_C0 B1_H8_S128_D64_C0 B2_H8_S512_D64_C0 B4_H16_S4096_D128_C0 \
               B8_H32_S1_K4096_D128_C0
BASELINE    := sdpa-cudnn
BASELINES   := sdpa-cudnn sdpa-flash sdpa-efficient sdpa-default cublas-naive
LIBRARIES   := sdpa-cudnn sdpa-flash sdpa-efficient sdpa-default
COMPARE     := sdpa-flash:sdpa-cudnn sdpa-efficient:sdpa-cudnn sdpa-default:sdpa-cudnn
REPS        := 80
WARMUP      := 10
L2          := cold
# 8 rounds, not the default 10: each SDPA round is a Python process (~10 s with torch's start),
# five of them per round, so one session takes ~7 minutes on an H200
ROUNDS      := 8
MIN_OCCUPANCY := 0
RUN_TIMEOUT := 300
