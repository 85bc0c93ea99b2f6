import ArgumentParser

/// Options every command that writes accepts.
struct WriteOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print nothing (add prints only the new id).")
    var quiet = false

    @Flag(name: .long, help: "Check and carry out everything, print what would happen, then roll it all back.")
    var dryRun = false
}

/// `-q` and `--dry-run` as plain values.
struct Writing: Equatable {
    var quiet = false
    var dryRun = false
}

extension WriteOptions {
    var writing: Writing { Writing(quiet: quiet, dryRun: dryRun) }
}
