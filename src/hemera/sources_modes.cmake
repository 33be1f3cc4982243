# Hemera modes (sponge, tree, CDC root, inclusion proofs): portable C on top
# of zkp_hemera_permute / zkp_hemera_permute_ct. Added only if the module's
# sources.cmake did not already pick them up (it globs *.c today).
foreach(_f sponge.c tree.c cdc.c proof.c)
  if(NOT "${ZKP_MODULE_DIR}/${_f}" IN_LIST ZKP_SOURCES)
    zkp_add_sources(${_f})
  endif()
endforeach()
