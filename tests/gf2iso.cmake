# End-to-end checks of `zkprim field-bench --isomorphism` (tests/cli/gf2iso_field_bench_test.sh).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME gf2iso-field-bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/gf2iso_field_bench_test.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant-time check of the isomorphism (tests/ct/gf2iso_ct.c); its
# --planted twin runs the _vartime table path and must be reported.
zkp_add_ct_test(gf2iso-ct ${CMAKE_CURRENT_SOURCE_DIR}/ct/gf2iso_ct.c)
