# TEMPORARY (hemera-batch before hemera-perm is merged): replaced by
# hemera-perm's sources.cmake plus its include of sources_batch.cmake.
include(${ZKP_MODULE_DIR}/sources_batch.cmake OPTIONAL)
