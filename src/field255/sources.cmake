# Generic 255-bit prime fields (four 64-bit limbs, Montgomery form): the
# header-only f255.h, inlined into its users (the HorizenLabs Poseidon2
# instances over BN254, BLS12-381, Pallas and Vesta, src/poseidon2/
# horizen.c). Each field's constants come from gen/poseidon2_horizen.py.
# Nothing to compile here; tests/test_poseidon2_horizen.c holds the layer to
# a schoolbook big-integer oracle.
