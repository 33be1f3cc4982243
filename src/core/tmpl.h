/*
 * Kernel templates (docs/internals.md): a template is a header
 * src/<module>/<name>_tmpl.h written once against parameters that a small
 * file per instruction set defines before including it:
 *   TMPL_SUFFIX       the kernel's name suffix (portable, bmi2, avx2, ...);
 *                     the template names what it defines TMPL_NAME(base),
 *                     i.e. base_<suffix>
 *   TMPL_<SETTING>    numbers and switches (TMPL_HAVE_<FEATURE> = 0 / 1)
 *   V, V_<OP>         the type the operations work on and the operations
 * Each template lists its own parameters in its first comment.
 */
#ifndef ZKPRIM_CORE_TMPL_H
#define ZKPRIM_CORE_TMPL_H

#define ZKP_TMPL_CAT2(a, b) a##_##b
#define ZKP_TMPL_CAT(a, b) ZKP_TMPL_CAT2(a, b)
#define TMPL_NAME(base) ZKP_TMPL_CAT(base, TMPL_SUFFIX)

#endif
