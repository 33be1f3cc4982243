# Bare-metal rv64im/lp64 (zkVM guests) with Debian's gcc-riscv64-unknown-elf
# and picolibc-riscv64-unknown-elf; use with -DZKP_FREESTANDING=ON
# (cmake/freestanding.cmake, docs/zkvm.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_C_FLAGS_INIT "-march=rv64im -mabi=lp64 --specs=picolibc.specs")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
