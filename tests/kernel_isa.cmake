# Every instruction in a kernel object is promised by its kernel-table entry
# (scripts/check-kernel-isa.py): disassembles exactly the objects this build
# links into the library and reads the tables as this build preprocessed them.
if(ZKP_ARCH STREQUAL "x86_64" AND NOT CMAKE_CROSSCOMPILING)
  # GNU binutils' objdump and nm (the script reads their output format),
  # whichever compiler built the objects.
  find_program(ZKP_PYTHON3_ISA python3)
  find_program(ZKP_GNU_OBJDUMP objdump)
  find_program(ZKP_GNU_NM nm)
  if(ZKP_PYTHON3_ISA AND ZKP_GNU_OBJDUMP AND ZKP_GNU_NM)
    add_test(NAME kernel-isa COMMAND ${CMAKE_COMMAND} -E env OBJDUMP=${ZKP_GNU_OBJDUMP} NM=${ZKP_GNU_NM}
             ${ZKP_PYTHON3_ISA} ${PROJECT_SOURCE_DIR}/scripts/check-kernel-isa.py ${PROJECT_BINARY_DIR}
             $<TARGET_OBJECTS:zkprim_objects>)
    zkp_optional_on("test kernel-isa" "${ZKP_GNU_OBJDUMP}")
  else()
    zkp_optional_left_out("test kernel-isa" "needs python3, objdump and nm (binutils)")
  endif()
endif()
