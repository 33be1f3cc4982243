# Hemera modes: the reference modes run on hemera-perm's definitional oracle.
if(TARGET test_hemera_modes)
  target_sources(test_hemera_modes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
endif()
