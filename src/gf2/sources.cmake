zkp_add_sources(gf2.c dispatch.c kern_portable.c)
zkp_add_kernel(PCLMUL kern_pclmul.c)
zkp_add_kernel(VPCLMUL kern_vpclmul.c)
zkp_add_kernel(PMULL kern_pmull.c)
