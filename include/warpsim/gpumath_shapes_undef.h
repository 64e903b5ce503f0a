/* warpsim/gpumath_shapes_undef.h: ends an expansion of gpumath_functions.def
 * (no include guard: each expansion includes it once). */
#undef F1
#undef F2
#undef F3
#undef F4
#undef D1
#undef D2
#undef D3
#undef D4
#undef F1SC
#undef D1SC
#undef F1I
#undef D1I
#undef F1PI
#undef D1PI
#undef F2PI
#undef D2PI
#undef F1PF
#undef D1PD
#undef FI
#undef DI
#undef IF
#undef ID
#undef FV
#undef DV
#undef F1A
