# The Rust crates' raw declarations (bindings/rust/zkprim-sys/src/bindings.rs)
# are generated from the public headers by scripts/gen-rust-sys.py. This test
# fails when the checked-in file is not the script's output (a header changed
# and nobody re-ran it) or when the library defines a zkp_* symbol the file
# does not declare. Needs python3 and nm, not cargo: drift is caught in every
# native build, while the cargo tests themselves run in the rust stage of
# scripts/test.sh. Registered like api-table (native builds only).
find_program(ZKP_PYTHON3_RUST python3)
find_program(ZKP_NM_RUST nm)
if(NOT CMAKE_CROSSCOMPILING)
  if(ZKP_PYTHON3_RUST AND ZKP_NM_RUST)
    add_test(NAME rust-sys-bindings COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER} NM=${ZKP_NM_RUST}
             ${ZKP_PYTHON3_RUST} ${PROJECT_SOURCE_DIR}/scripts/gen-rust-sys.py --check
             --lib $<TARGET_FILE:zkprim_static>)
    zkp_optional_on("test rust-sys-bindings" "${ZKP_PYTHON3_RUST}")
  else()
    zkp_optional_left_out("test rust-sys-bindings" "needs python3 and nm (binutils)")
  endif()
endif()
