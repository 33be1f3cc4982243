zkp_add_sources(cpu.c status.c multiproof.c parallel.c subtree.c merge_stack.c)
