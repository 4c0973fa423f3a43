#!/bin/sh
# One shard of Diorama's scenarios under `bazel test` (BUILD.bazel's sh_test).
# diorama run reads Bazel's sharding variables itself; the JSON results land
# in the test's undeclared outputs, for diorama merge.
set -eu
exec "${DIORAMA:-diorama}" run "${SCENARIOS:-Configs/scenarios}" --jobs 2 \
  --work-dir "$TEST_TMPDIR/work" \
  --json "$TEST_UNDECLARED_OUTPUTS_DIR/results.json"
