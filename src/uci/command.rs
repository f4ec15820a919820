//! Parsing one line of input into a [`Command`]. Moves and FENs stay text here: they are
//! checked against the game by the engine, which knows the position.

use std::fmt;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`.
    Standard,
    /// `fen <fields>`, the fields joined by single spaces.
    Fen(String),
}

/// The parameters of `go`, still unchecked against the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `searchmoves`, as text.
    pub search_moves: Vec<String>,
    /// `ponder`.
    pub ponder: bool,
    /// `wtime`, ms (negative clocks count as 0).
    pub wtime: Option<u64>,
    /// `btime`, ms.
    pub btime: Option<u64>,
    /// `winc`, ms.
    pub winc: Option<u64>,
    /// `binc`, ms.
    pub binc: Option<u64>,
    /// `movestogo`.
    pub moves_to_go: Option<u32>,
    /// `depth`.
    pub depth: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate` (moves).
    pub mate: Option<u32>,
    /// `movetime`, ms.
    pub movetime: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
    /// `perft <depth>` (an extension: no search, a move-path count).
    pub perft: Option<u32>,
}

/// One command from the GUI (or the shell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// Option name (may contain spaces).
        name: String,
        /// The rest of the line after `value`.
        value: Option<String>,
    },
    /// `register …`.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// Start position.
        start: StartPosition,
        /// Moves after it, as text.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the board (extension).
    Display,
    /// `eval`: show the evaluation terms (extension).
    Eval,
    /// `bench [depth]` (extension).
    Bench(Option<i32>),
    /// `flip`: swap colours of the position (extension).
    Flip,
    /// `help`: list the commands ([`HELP`]; an extension, as Stockfish answers it).
    Help,
    /// `genfens <N> seed <S> book <None|FILE>`: start positions for OpenBench's data
    /// generation (extension).
    GenFens {
        /// How many.
        count: usize,
        /// Their seed.
        seed: u64,
        /// The book to draw from (`None`: the standard start).
        book: Option<String>,
    },
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command.
    Unknown(String),
    /// A known command with bad arguments.
    Malformed {
        /// The command word.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command '{word}'"),
            CommandError::Malformed { command, reason } => write!(f, "{command}: {reason}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// What `help` prints: the commands [`parse`] accepts, each line naming one first. A line
/// that starts with a command word is checked against the parser by a test.
pub const HELP: &str = "\
Ferrite, a UCI chess engine. Commands (the options: uci, or README.md):
  uci              identify, list the options, then uciok
  isready          answer readyok
  setoption name <name> [value <value>]
  ucinewgame       a new game: the hash table and the histories cleared
  position startpos|fen <fen> [moves <move>...]
  go [searchmoves <move>...] [ponder] [wtime|btime|winc|binc <ms>] [movestogo <n>]
     [depth <plies>] [nodes <n>] [mate <moves>] [movetime <ms>] [infinite]
  stop             end the search; it prints its bestmove
  ponderhit        the move pondered on was played: the search goes on for real
  quit             stop and exit
  debug on|off     print the position after each position command
  register         no registration needed
Extensions:
  go perft <depth> count the legal move paths below each first move
  d                the board, its FEN, key, checkers, legal moves and status
  eval             the network's evaluation, piece by piece
  flip             swap the colours of the position
  bench [depth]    search the bench positions; last line: <nodes> nodes <nps> nps
  genfens <n> [seed <s>] [book <None|file>]  start positions for OpenBench's datagen
  help             this list";

fn malformed(command: &'static str, reason: impl Into<String>) -> CommandError {
    CommandError::Malformed {
        command,
        reason: reason.into(),
    }
}

/// Parses one input line. Blank lines and `#` comments give `Ok(None)`.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let args = &tokens[1..];
    let command = match tokens[0] {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "register" => Command::Register,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "flip" => Command::Flip,
        "help" => Command::Help,
        "debug" => match args {
            ["on"] => Command::Debug(true),
            ["off"] => Command::Debug(false),
            _ => return Err(malformed("debug", "expected 'on' or 'off'")),
        },
        "bench" => match args {
            [] => Command::Bench(None),
            [depth] => Command::Bench(Some(parse_number("bench", "depth", depth)?)),
            _ => return Err(malformed("bench", "expected at most a depth")),
        },
        "genfens" => parse_genfens(args)?,
        "setoption" => parse_setoption(line)?,
        "position" => parse_position(args)?,
        "go" => Command::Go(parse_go(args)?),
        other => return Err(CommandError::Unknown(truncate(other))),
    };
    Ok(Some(command))
}

/// `genfens <N> [seed <S>] [book <None|FILE>]`, as OpenBench sends it: the book is the rest
/// of the line, so that a path may hold spaces.
fn parse_genfens(args: &[&str]) -> Result<Command, CommandError> {
    let [count, rest @ ..] = args else {
        return Err(malformed("genfens", "expected a count"));
    };
    let count = parse_number("genfens", "count", count)?;
    let mut seed = 0;
    let mut book = None;
    let mut rest = rest;
    while let [key, tail @ ..] = rest {
        match (*key, tail) {
            ("seed", [value, tail @ ..]) => {
                seed = parse_number("genfens", "seed", value)?;
                rest = tail;
            }
            ("book", [_, ..]) => {
                let path = tail.join(" ");
                book = (path != "None").then_some(path);
                rest = &[];
            }
            _ => {
                let reason = format!("unexpected '{}'", truncate(key));
                return Err(malformed("genfens", reason));
            }
        }
    }
    Ok(Command::GenFens { count, seed, book })
}

/// Keeps error messages short when the input is huge.
fn truncate(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

fn parse_number<T: std::str::FromStr>(
    command: &'static str,
    what: &str,
    text: &str,
) -> Result<T, CommandError> {
    text.parse()
        .map_err(|_| malformed(command, format!("bad {what} '{}'", truncate(text))))
}

/// `setoption name <name…> [value <rest of line>]`, keeping the value's inner spacing.
fn parse_setoption(line: &str) -> Result<Command, CommandError> {
    let rest = line["setoption".len()..].trim_start();
    let Some(after_name) = rest.strip_prefix("name") else {
        return Err(malformed("setoption", "expected 'name'"));
    };
    let bytes = after_name.as_bytes();
    let is_word_at = |at: usize| {
        let before_ok = at == 0 || bytes[at - 1].is_ascii_whitespace();
        let end = at + "value".len();
        before_ok && (end == bytes.len() || bytes[end].is_ascii_whitespace())
    };
    let (name, value) = match after_name
        .match_indices("value")
        .map(|(at, _)| at)
        .find(|&at| is_word_at(at))
    {
        Some(at) => (
            &after_name[..at],
            Some(after_name[at + "value".len()..].trim().to_string()),
        ),
        None => (after_name, None),
    };
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(malformed("setoption", "missing option name"));
    }
    Ok(Command::SetOption { name, value })
}

fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(index) => (
            &args[..index],
            args[index + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let start = match head {
        ["startpos"] => StartPosition::Standard,
        ["fen", fields @ ..] if !fields.is_empty() => StartPosition::Fen(fields.join(" ")),
        ["fen"] => return Err(malformed("position", "missing FEN")),
        _ => return Err(malformed("position", "expected 'startpos' or 'fen <FEN>'")),
    };
    Ok(Command::Position { start, moves })
}

fn parse_go<'a>(args: &[&'a str]) -> Result<GoParams, CommandError> {
    let mut go = GoParams::default();
    let mut i = 0;
    // Clocks may be negative when a GUI overshoots; they count as zero.
    let clock = |text: &str| -> Result<u64, CommandError> {
        let ms: i64 = parse_number("go", "time", text)?;
        Ok(ms.max(0) as u64)
    };
    while i < args.len() {
        let word = args[i];
        let value = args.get(i + 1).copied();
        let need = |value: Option<&'a str>| -> Result<&'a str, CommandError> {
            value.ok_or_else(|| malformed("go", format!("'{word}' needs a value")))
        };
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(mv) = args.get(i + 1).filter(|w| !is_go_keyword(w)) {
                    go.search_moves.push(mv.to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let ms = clock(need(value)?)?;
                match word {
                    "wtime" => go.wtime = Some(ms),
                    "btime" => go.btime = Some(ms),
                    "winc" => go.winc = Some(ms),
                    "binc" => go.binc = Some(ms),
                    _ => go.movetime = Some(ms),
                }
                i += 1;
            }
            "movestogo" => {
                go.moves_to_go = Some(parse_number("go", "movestogo", need(value)?)?);
                i += 1;
            }
            "depth" => {
                go.depth = Some(parse_number("go", "depth", need(value)?)?);
                i += 1;
            }
            "nodes" => {
                go.nodes = Some(parse_number("go", "nodes", need(value)?)?);
                i += 1;
            }
            "mate" => {
                go.mate = Some(parse_number("go", "mate", need(value)?)?);
                i += 1;
            }
            "perft" => {
                go.perft = Some(parse_number("go", "perft depth", need(value)?)?);
                i += 1;
            }
            other => {
                return Err(malformed(
                    "go",
                    format!("unknown parameter '{}'", truncate(other)),
                ))
            }
        }
        i += 1;
    }
    Ok(go)
}

fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "searchmoves"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "perft"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_and_comment_lines_are_skipped() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("   \t "), Ok(None));
        assert_eq!(parse("# a comment"), Ok(None));
    }

    #[test]
    fn setoption_keeps_spaces_in_name_and_value() {
        assert_eq!(
            parse("setoption name SyzygyPath value /tmp/dir with spaces"),
            Ok(Some(Command::SetOption {
                name: "SyzygyPath".into(),
                value: Some("/tmp/dir with spaces".into())
            }))
        );
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves"),
            Ok(Some(Command::Position {
                start: StartPosition::Standard,
                moves: vec![]
            }))
        );
        assert_eq!(
            parse("position fen 8/P6k/8/8/8/8/8/K7 w - - moves a7a8Q"),
            Ok(Some(Command::Position {
                start: StartPosition::Fen("8/P6k/8/8/8/8/8/K7 w - -".into()),
                moves: vec!["a7a8Q".into()]
            }))
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
    }

    #[test]
    fn go_parameters() {
        let Ok(Some(Command::Go(go))) =
            parse("  go   depth\t3 wtime -50 searchmoves e2e4 d2d4 infinite\r")
        else {
            panic!("go did not parse");
        };
        assert_eq!(go.depth, Some(3));
        assert_eq!(go.wtime, Some(0));
        assert_eq!(
            go.search_moves,
            vec!["e2e4".to_string(), "d2d4".to_string()]
        );
        assert!(go.infinite);
        assert!(parse("go depth").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go sideways").is_err());
    }

    #[test]
    fn help_names_only_commands_the_parser_knows() {
        assert_eq!(parse("help"), Ok(Some(Command::Help)));
        let commands: Vec<&str> = HELP
            .lines()
            .filter_map(|line| line.strip_prefix("  "))
            .filter(|line| !line.starts_with(' '))
            .filter_map(|line| line.split_whitespace().next())
            .collect();
        assert_eq!(commands.len(), 18, "{commands:?}");
        for word in commands {
            assert!(
                !matches!(parse(word), Err(CommandError::Unknown(_))),
                "{word}"
            );
        }
    }

    #[test]
    fn unknown_commands() {
        assert_eq!(parse("foo bar"), Err(CommandError::Unknown("foo".into())));
        assert_eq!(
            parse("joho debug on"),
            Err(CommandError::Unknown("joho".into()))
        );
    }

    #[test]
    fn genfens_as_openbench_sends_it() {
        let genfens = |count, seed, book: Option<&str>| {
            Ok(Some(Command::GenFens {
                count,
                seed,
                book: book.map(str::to_string),
            }))
        };
        assert_eq!(parse("genfens 64 seed 7 book None"), genfens(64, 7, None));
        assert_eq!(
            parse("genfens 2 seed 1 book /tmp/my book.epd"),
            genfens(2, 1, Some("/tmp/my book.epd"))
        );
        assert_eq!(parse("genfens 3"), genfens(3, 0, None));
        assert!(parse("genfens").is_err());
        assert!(parse("genfens many").is_err());
        assert!(parse("genfens 3 seed").is_err());
        assert!(parse("genfens 3 colour white").is_err());
    }
}
