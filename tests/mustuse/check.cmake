# cmake -P check: every public function returning zkp_status warns when its
# result is ignored (ZKP_MUST_USE), so a new function without the
# macro fails this test instead of drifting in unnoticed.
#
# The public headers are preprocessed (so declarations made by macros such
# as ZKP_GF2_DECLARE_FIELD count too), every `zkp_status zkp_*(...)`
# declaration is found, and a probe file calling each one with all-zero
# arguments, discarding the result, is compiled: each call line must draw a
# -Wunused-result warning. The raw headers must also spell the macro in one
# place, `ZKP_MUST_USE ZKP_API <timing/allocation markers> zkp_status`
# (C++17 [[nodiscard]] is only accepted before ZKP_API).
#
#   -DCC=<C compiler> -DINCLUDE=<dir holding zkprim/> -DWORK=<scratch dir>
#   [-DEXTRA=<one more header>]   (the self-test adds an unmarked function)

foreach(v CC INCLUDE WORK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "mustuse check: -D${v}= is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK}")
file(GLOB headers "${INCLUDE}/zkprim/*.h")
list(SORT headers)
if(DEFINED EXTRA)
  list(APPEND headers "${EXTRA}")
endif()

set(includes "")
set(failures 0)
foreach(h ${headers})
  string(APPEND includes "#include \"${h}\"\n")
  # Placement: the raw text, line by line.
  file(STRINGS "${h}" lines REGEX "zkp_status[ \t]+zkp_[A-Za-z0-9_#]+[ \t]*\\(")
  foreach(l ${lines})
    if(NOT l MATCHES "ZKP_MUST_USE ZKP_API( ZKP_[A-Z_]+)* zkp_status")
      message("${h}: not declared as `ZKP_MUST_USE ZKP_API <markers> zkp_status ...`: ${l}")
      math(EXPR failures "${failures} + 1")
    endif()
  endforeach()
endforeach()

# Preprocess, then find the declarations. ';' and brackets would split a
# CMake list, so they are swapped for placeholders first (';' for '`',
# which C code outside strings never holds).
file(WRITE "${WORK}/headers.c" "${includes}")
execute_process(COMMAND "${CC}" -std=c11 -E -P "-I${INCLUDE}" "${WORK}/headers.c"
                OUTPUT_VARIABLE pp ERROR_VARIABLE pp_err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mustuse check: preprocessing the headers failed:\n${pp_err}")
endif()
string(REPLACE ";" "`" pp "${pp}")
string(REPLACE "[" "@L@" pp "${pp}")
string(REPLACE "]" "@R@" pp "${pp}")
string(REGEX MATCHALL "zkp_status[ \t\r\n]+zkp_[A-Za-z0-9_]+[ \t\r\n]*\\(" heads "${pp}")
string(REGEX MATCHALL "zkp_status[ \t\r\n]+zkp_[A-Za-z0-9_]+[ \t\r\n]*\\([^`{]*\\)[ \t\r\n]*`" decls "${pp}")
list(LENGTH heads n_heads)
list(LENGTH decls n_decls)
if(n_decls EQUAL 0 OR NOT n_heads EQUAL n_decls)
  message(FATAL_ERROR "mustuse check: found ${n_heads} zkp_status functions but could parse ${n_decls} "
                      "declarations; teach tests/mustuse/check.cmake the new shape")
endif()

# The probe: one call per line, each result dropped.
set(probe "${includes}void zkp_mustuse_probe(void);\nvoid zkp_mustuse_probe(void) {\n")
string(REGEX MATCHALL "\n" nl "${includes}")
list(LENGTH nl line)
math(EXPR line "${line} + 2")   # the two lines above
set(names "")
set(call_lines "")
foreach(d ${decls})
  string(REGEX MATCH "zkp_status[ \t\r\n]+(zkp_[A-Za-z0-9_]+)[ \t\r\n]*\\((.*)\\)[ \t\r\n]*`$" _ "${d}")
  set(name "${CMAKE_MATCH_1}")
  set(params "${CMAKE_MATCH_2}")
  # Arity: drop nested (...) groups such as (*states), count top-level commas.
  set(prev "")
  while(NOT params STREQUAL prev)
    set(prev "${params}")
    string(REGEX REPLACE "\\([^()]*\\)" "" params "${params}")
  endwhile()
  string(STRIP "${params}" params)
  if(params STREQUAL "void" OR params STREQUAL "")
    set(args "")
  else()
    string(REGEX REPLACE "[^,]" "" commas "${params}")
    string(LENGTH "${commas}" n)
    set(args "0")
    if(n GREATER 0)
      foreach(i RANGE 1 ${n})
        string(APPEND args ", 0")
      endforeach()
    endif()
  endif()
  math(EXPR line "${line} + 1")
  string(APPEND probe "    ${name}(${args});\n")
  list(APPEND names "${name}")
  list(APPEND call_lines "${line}")
endforeach()
string(APPEND probe "}\n")
file(WRITE "${WORK}/probe.c" "${probe}")

# Compiled for real: GCC issues -Wunused-result while gimplifying, which
# -fsyntax-only never reaches.
execute_process(COMMAND "${CC}" -std=c11 -c -Wunused-result "-I${INCLUDE}" "${WORK}/probe.c" -o "${WORK}/probe.o"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mustuse check: the probe ${WORK}/probe.c does not compile:\n${err}")
endif()
foreach(name line IN ZIP_LISTS names call_lines)
  if(NOT err MATCHES "probe\\.c:${line}:[0-9]+: warning: [^\n]*-Wunused-result")
    message("${name}: result ignored without a warning (not marked ZKP_MUST_USE?)")
    math(EXPR failures "${failures} + 1")
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "mustuse check: ${failures} problem(s) in ${n_decls} zkp_status functions")
endif()
message("mustuse check: all ${n_decls} zkp_status functions are ZKP_MUST_USE and warn when ignored")
