# TEMPORARY (branch gf2iso only): replaced by the gf2 helper's file on merge.
include(${ZKP_MODULE_DIR}/sources_iso.cmake OPTIONAL)
