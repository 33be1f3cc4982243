# TEMPORARY (branch keccak-extra only): the keccak branch owns this file; its
# version includes sources_extra.cmake the same way. Replaced at the merge.
include(${ZKP_MODULE_DIR}/sources_extra.cmake OPTIONAL)
