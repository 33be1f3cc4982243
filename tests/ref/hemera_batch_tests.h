/* Parts of test_hemera_batch that live in tests/ref/hemera_batch_*.c. */
#ifndef ZKPRIM_TESTS_HEMERA_BATCH_TESTS_H
#define ZKPRIM_TESTS_HEMERA_BATCH_TESTS_H

/* hash_node_batch, hash_leaf_batch, root_fixed_threads: vectors and
 * batch == single (tests/ref/hemera_batch_modes.c). */
void hemera_batch_mode_tests(void);

#endif
