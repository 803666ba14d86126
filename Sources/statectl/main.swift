#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlCLI

exit(StatectlCommandLine.main(Array(CommandLine.arguments.dropFirst())))
