# End-to-end checks of `zkprim field-bench` (usage errors, tiny runs of each mode).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME gf2-field-bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/gf2_field_bench_test.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant-time check of the arithmetic under valgrind memcheck (tests/ct/gf2_ct.c);
# its --planted twin feeds a secret exponent to the _vartime fixed-base power.
zkp_add_ct_test(gf2-ct ${CMAKE_CURRENT_SOURCE_DIR}/ct/gf2_ct.c)
