//! The `scoresheet` command line: parses flags and hands over to [`scoresheet::cli`].

fn main() -> std::process::ExitCode {
    scoresheet::cli::main()
}
