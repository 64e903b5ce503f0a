#!/usr/bin/env bash
# Runs printf_fifo_probe.cu on the GPU (docs/probes/printf_fifo_probe.h200.txt).
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o /tmp/printf_fifo_probe printf_fifo_probe.cu || exit 1
echo "# printf_fifo_probe on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%Y-%m-%d)"
for fifo in "" 100000; do
  /tmp/printf_fifo_probe $fifo > /tmp/pf.out 2> /tmp/pf.err
  cat /tmp/pf.err
  echo "lines printed: $(wc -l < /tmp/pf.out), bytes: $(wc -c < /tmp/pf.out)"
  echo "first: $(head -1 /tmp/pf.out)"; echo "last: $(tail -1 /tmp/pf.out)"
  echo "sorted first: $(sort /tmp/pf.out | head -1)"; echo "sorted last: $(sort /tmp/pf.out | tail -1)"
done
