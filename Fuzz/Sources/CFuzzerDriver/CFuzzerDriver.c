// Only the header matters: LLVMFuzzerRunDriver comes from libFuzzer at link time.
#include "CFuzzerDriver.h"
