//! The UCI options. One table, [`OPTIONS`], gives each option's name, type, default and
//! range and says where its value goes: the `uci` announcement ([`announce`]), `setoption`
//! ([`Options::set`]), the defaults ([`Options::default`]) and the command line's `--hash`
//! ([`hash_mb`]) are all read from it. Names it does not hold are tunable search parameters,
//! set through [`set_tunable`] (which `ferrite epd --set` uses too).

use crate::search::params::{set_tunable, Clamped, TunableError, TUNABLES};
use crate::search::strength::{
    elo_for_skill_level, DEFAULT_ELO, MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO,
};
use crate::search::tt::DEFAULT_HASH_MB;
use std::fmt::Write as _;

/// Largest `Hash` value announced, in MiB (as Stockfish announces it).
pub const MAX_HASH_MB: u64 = 33_554_432;

/// Current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: u64,
    /// Search threads.
    pub threads: usize,
    /// Best lines to report.
    pub multipv: usize,
    /// The GUI may send `go ponder` (the engine itself always can).
    pub ponder: bool,
    /// Milliseconds kept back from every move for communication delays.
    pub move_overhead_ms: u64,
    /// Castling moves are written king-takes-rook and FENs may be Chess960.
    pub chess960: bool,
    /// Append win/draw/loss per mille to score lines.
    pub show_wdl: bool,
    /// Transcript file of all traffic; empty: none.
    pub debug_log_file: String,
    /// Network file to evaluate with; empty: the embedded network.
    pub eval_file: String,
    /// Folders of Syzygy tables, separated by `:` (`;` on Windows); empty: none.
    pub syzygy_path: String,
    /// Remaining depth from which positions with as many pieces as the largest table are
    /// probed inside the search.
    pub syzygy_probe_depth: i32,
    /// Cursed wins and blessed losses count as draws.
    pub syzygy_50_move_rule: bool,
    /// Positions with more pieces are not probed.
    pub syzygy_probe_limit: u32,
    /// Stockfish's 0-20 strength scale, mapped onto `UCI_Elo` (20: full strength).
    pub skill_level: i32,
    /// Play at `elo` instead of full strength.
    pub limit_strength: bool,
    /// The rating to play at while `limit_strength` is on.
    pub elo: i32,
}

impl Default for Options {
    /// Every option at its default in [`OPTIONS`].
    fn default() -> Options {
        // Placeholders only: every field belongs to an option of the table, which sets it.
        let mut options = Options {
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            ponder: false,
            move_overhead_ms: 0,
            chess960: false,
            show_wdl: false,
            debug_log_file: String::new(),
            eval_file: String::new(),
            syzygy_path: String::new(),
            syzygy_probe_depth: 0,
            syzygy_50_move_rule: false,
            syzygy_probe_limit: 0,
            skill_level: 0,
            limit_strength: false,
            elo: 0,
        };
        for option in &OPTIONS {
            option.reset(&mut options);
        }
        options
    }
}

impl Options {
    /// The rating to play at, `None` for full strength: `UCI_Elo` while
    /// `UCI_LimitStrength` is on, whatever `Skill Level` says (Stockfish gives them the same
    /// precedence), else the rating of a `Skill Level` below 20.
    pub fn playing_elo(&self) -> Option<i32> {
        if self.limit_strength {
            Some(self.elo)
        } else {
            elo_for_skill_level(self.skill_level)
        }
    }
}

/// What setting an option asks the engine to do beyond storing the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing more.
    None,
    /// Reallocate the transposition table.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// Open (or close) the transcript file.
    ReopenLog,
    /// Load the network of `EvalFile` (the embedded one, when empty).
    LoadNetwork,
    /// Load the tables of `SyzygyPath` (or drop them, when empty).
    LoadTablebase,
    /// Take (or give back) the move-ordering memory of each search thread.
    SizeHistories,
}

/// One UCI option: a row of [`OPTIONS`].
#[derive(Clone, Copy, Debug)]
pub struct UciOption {
    /// The name `uci` announces; `setoption` takes it in any case.
    pub name: &'static str,
    /// The type, default and range, and where a value goes.
    pub kind: OptionKind,
    /// What the engine does once the value is stored.
    pub effect: OptionEffect,
}

/// An option's UCI type, with its default, and the field of [`Options`] its value goes to.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// An integer.
    Spin(Spin),
    /// `true` or `false`.
    Check {
        /// The value until set.
        default: bool,
        /// Stores a value.
        apply: fn(&mut Options, bool),
    },
    /// Any text.
    String {
        /// The value until set (`""`: none, announced as [`EMPTY`]).
        default: &'static str,
        /// Stores a value ([`EMPTY`] already turned into `""`).
        apply: fn(&mut Options, String),
    },
    /// No value: setting it only has its effect.
    Button,
}

/// A spin option's numbers and where its value goes.
#[derive(Clone, Copy, Debug)]
pub struct Spin {
    /// The value until set.
    pub default: i64,
    /// Smallest value; smaller ones are raised to it, with a note.
    pub min: i64,
    /// Largest value; larger ones are lowered to it, with a note.
    pub max: i64,
    /// Stores a value. It is within `min..=max`, which every field's type holds, so the
    /// narrowing casts of the table's `apply` functions are exact.
    pub apply: fn(&mut Options, i64),
}

/// How GUIs write an empty string option: `uci` announces it, and `setoption` takes it for
/// no value.
pub const EMPTY: &str = "<empty>";

/// `Hash`'s numbers: `setoption name Hash` and the command line's `--hash` are checked by
/// them alike.
const HASH: Spin = Spin {
    default: DEFAULT_HASH_MB as i64,
    min: 1,
    max: MAX_HASH_MB as i64,
    apply: |options, value| options.hash_mb = value as u64,
};

/// `Hash`'s name, for the note of a clamped `--hash`.
const HASH_NAME: &str = "Hash";

/// Every UCI option, in the order `uci` announces them.
pub static OPTIONS: [UciOption; 17] = [
    UciOption {
        name: HASH_NAME,
        kind: OptionKind::Spin(HASH),
        effect: OptionEffect::ResizeHash,
    },
    UciOption {
        name: "Threads",
        kind: OptionKind::Spin(Spin {
            default: 1,
            min: 1,
            max: 1024,
            apply: |options, value| options.threads = value as usize,
        }),
        effect: OptionEffect::SizeHistories,
    },
    UciOption {
        name: "MultiPV",
        kind: OptionKind::Spin(Spin {
            default: 1,
            min: 1,
            max: 256,
            apply: |options, value| options.multipv = value as usize,
        }),
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Ponder",
        kind: OptionKind::Check {
            default: false,
            apply: |options, value| options.ponder = value,
        },
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Move Overhead",
        kind: OptionKind::Spin(Spin {
            default: 10,
            min: 0,
            max: 5000,
            apply: |options, value| options.move_overhead_ms = value as u64,
        }),
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        effect: OptionEffect::ClearHash,
    },
    UciOption {
        name: "UCI_Chess960",
        kind: OptionKind::Check {
            default: false,
            apply: |options, value| options.chess960 = value,
        },
        effect: OptionEffect::None,
    },
    UciOption {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check {
            default: false,
            apply: |options, value| options.show_wdl = value,
        },
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Debug Log File",
        kind: OptionKind::String {
            default: "",
            apply: |options, value| options.debug_log_file = value,
        },
        effect: OptionEffect::ReopenLog,
    },
    UciOption {
        name: "EvalFile",
        kind: OptionKind::String {
            default: "",
            apply: |options, value| options.eval_file = value,
        },
        effect: OptionEffect::LoadNetwork,
    },
    UciOption {
        name: "SyzygyPath",
        kind: OptionKind::String {
            default: "",
            apply: |options, value| options.syzygy_path = value,
        },
        effect: OptionEffect::LoadTablebase,
    },
    UciOption {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin(Spin {
            default: 1,
            min: 1,
            max: 100,
            apply: |options, value| options.syzygy_probe_depth = value as i32,
        }),
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check {
            default: true,
            apply: |options, value| options.syzygy_50_move_rule = value,
        },
        effect: OptionEffect::None,
    },
    UciOption {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin(Spin {
            default: 7,
            min: 0,
            max: 7,
            apply: |options, value| options.syzygy_probe_limit = value as u32,
        }),
        effect: OptionEffect::None,
    },
    UciOption {
        name: "Skill Level",
        kind: OptionKind::Spin(Spin {
            default: MAX_SKILL_LEVEL as i64,
            min: 0,
            max: MAX_SKILL_LEVEL as i64,
            apply: |options, value| options.skill_level = value as i32,
        }),
        effect: OptionEffect::None,
    },
    UciOption {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check {
            default: false,
            apply: |options, value| options.limit_strength = value,
        },
        effect: OptionEffect::None,
    },
    UciOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin(Spin {
            default: DEFAULT_ELO as i64,
            min: MIN_ELO as i64,
            max: MAX_ELO as i64,
            apply: |options, value| options.elo = value as i32,
        }),
        effect: OptionEffect::None,
    },
];

/// Result of `setoption`: the effect, plus a note for the user when the value was adjusted.
#[derive(Debug, PartialEq, Eq)]
pub struct SetOutcome {
    /// What the engine must do now.
    pub effect: OptionEffect,
    /// `info string` text, e.g. that a value was clamped.
    pub note: Option<String>,
}

/// Why `setoption` was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// The value does not fit the option's type.
    BadValue {
        /// Option name.
        name: String,
        /// The value given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "option '{name}' expects {expected}, got '{value}'"),
        }
    }
}

impl std::error::Error for OptionError {}

/// A tunable search parameter's refusal, as `setoption` reports it.
impl From<TunableError> for OptionError {
    fn from(error: TunableError) -> OptionError {
        match error {
            // Not announced in a normal build, where the tunables are constants.
            TunableError::Unknown(name) | TunableError::Constant(name) => {
                OptionError::Unknown(name)
            }
            TunableError::NotAnInteger { name, value } => OptionError::BadValue {
                name,
                value,
                expected: "an integer",
            },
        }
    }
}

impl Spin {
    /// `text` as an integer within the range, and the note when it had to be clamped into
    /// it; `name` is the option's as the user wrote it.
    fn parse(&self, name: &str, text: &str) -> Result<(i64, Option<Clamped>), OptionError> {
        let requested: i128 = text.parse().map_err(|_| OptionError::BadValue {
            name: name.to_string(),
            value: text.to_string(),
            expected: "an integer",
        })?;
        let set = requested.clamp(i128::from(self.min), i128::from(self.max));
        let clamped = (set != requested).then(|| Clamped {
            name: name.to_string(),
            requested,
            set,
        });
        // Within `min..=max`, so within i64.
        Ok((set as i64, clamped))
    }
}

impl UciOption {
    /// The option's line of the `uci` answer.
    pub fn announcement(&self) -> String {
        let name = self.name;
        match self.kind {
            OptionKind::Spin(Spin {
                default, min, max, ..
            }) => format!("option name {name} type spin default {default} min {min} max {max}"),
            OptionKind::Check { default, .. } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::String { default, .. } => {
                let default = if default.is_empty() { EMPTY } else { default };
                format!("option name {name} type string default {default}")
            }
            OptionKind::Button => format!("option name {name} type button"),
        }
    }

    /// Puts the option's default into `options` (a button has none).
    fn reset(&self, options: &mut Options) {
        match self.kind {
            OptionKind::Spin(spin) => (spin.apply)(options, spin.default),
            OptionKind::Check { default, apply } => apply(options, default),
            OptionKind::String { default, apply } => apply(options, default.to_string()),
            OptionKind::Button => {}
        }
    }

    /// Stores `value` (trimmed, empty if none was given) into `options`; `name` is the
    /// option's as the user wrote it, for the messages.
    fn set(
        &self,
        options: &mut Options,
        name: &str,
        value: &str,
    ) -> Result<SetOutcome, OptionError> {
        let note = match self.kind {
            OptionKind::Spin(spin) => {
                let (set, clamped) = spin.parse(name, value)?;
                (spin.apply)(options, set);
                clamped.map(|clamped| clamped.to_string())
            }
            OptionKind::Check { apply, .. } => {
                apply(options, parse_check(name, value)?);
                None
            }
            OptionKind::String { apply, .. } => {
                apply(options, if value == EMPTY { "" } else { value }.to_string());
                None
            }
            OptionKind::Button => None,
        };
        Ok(SetOutcome {
            effect: self.effect,
            note,
        })
    }
}

/// The `option name …` lines of the `uci` answer: the table's, then, in builds for tuning,
/// the search parameters.
pub fn announce() -> String {
    let mut text = String::new();
    for option in &OPTIONS {
        let _ = writeln!(text, "{}", option.announcement());
    }
    // The search parameters are always settable, but only announced in builds for
    // tuning (`--features spsa`): GUIs would show them to every user.
    if cfg!(feature = "spsa") {
        for tunable in TUNABLES {
            let _ = writeln!(
                text,
                "option name {} type spin default {} min {} max {}",
                tunable.name, tunable.default, tunable.min, tunable.max
            );
        }
    }
    text
}

/// A table size given outside UCI (the `--hash` of `epd`, `datagen` and `analyse`), in MiB,
/// checked as `setoption name Hash` checks it: the same range, clamped with the same note
/// (returned, to be shown), refused with the same error.
pub fn hash_mb(text: &str) -> Result<(usize, Option<String>), OptionError> {
    let (megabytes, clamped) = HASH.parse(HASH_NAME, text.trim())?;
    // Within 1..=MAX_HASH_MB, which any usize holds.
    Ok((
        megabytes as usize,
        clamped.map(|clamped| clamped.to_string()),
    ))
}

impl Options {
    /// Applies `setoption name <name> [value <value>]`; names are case-insensitive.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<SetOutcome, OptionError> {
        let value = value.unwrap_or("").trim();
        match OPTIONS
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
        {
            Some(option) => option.set(self, name, value),
            None => {
                let clamped = set_tunable(name, value)?;
                Ok(SetOutcome {
                    effect: OptionEffect::None,
                    note: clamped.map(|clamped| clamped.to_string()),
                })
            }
        }
    }
}

fn parse_check(name: &str, value: &str) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
            expected: "true or false",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `uci` answer's option lines as GUIs and tests have always read them.
    const ANNOUNCED: &str = "\
option name Hash type spin default 16 min 1 max 33554432
option name Threads type spin default 1 min 1 max 1024
option name MultiPV type spin default 1 min 1 max 256
option name Ponder type check default false
option name Move Overhead type spin default 10 min 0 max 5000
option name Clear Hash type button
option name UCI_Chess960 type check default false
option name UCI_ShowWDL type check default false
option name Debug Log File type string default <empty>
option name EvalFile type string default <empty>
option name SyzygyPath type string default <empty>
option name SyzygyProbeDepth type spin default 1 min 1 max 100
option name Syzygy50MoveRule type check default true
option name SyzygyProbeLimit type spin default 7 min 0 max 7
option name Skill Level type spin default 20 min 0 max 20
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 1500 min 800 max 2400
";

    #[test]
    fn the_table_announces_the_options_exactly() {
        let table: String = OPTIONS
            .iter()
            .map(|option| option.announcement() + "\n")
            .collect();
        assert_eq!(table, ANNOUNCED);
        // Builds for tuning add the search parameters after the table's lines.
        let text = announce();
        assert!(text.starts_with(ANNOUNCED), "{text}");
        let tunables = if cfg!(feature = "spsa") {
            TUNABLES.len()
        } else {
            0
        };
        assert_eq!(text.lines().count(), OPTIONS.len() + tunables);
    }

    /// The value `uci` announces as the option's default (`None` for a button).
    fn announced_default(option: &UciOption) -> Option<String> {
        let line = option.announcement();
        let rest = line.split_once(" default ")?.1;
        Some(rest.split(" min ").next().unwrap_or(rest).to_string())
    }

    #[test]
    fn every_option_takes_its_announced_default_and_keeps_the_defaults() {
        let mut options = Options::default();
        for option in &OPTIONS {
            let value = announced_default(option);
            let outcome = options
                .set(option.name, value.as_deref())
                .unwrap_or_else(|e| panic!("{}: {e}", option.name));
            assert_eq!(outcome.note, None, "{}", option.name);
            assert_eq!(outcome.effect, option.effect, "{}", option.name);
            assert_eq!(options, Options::default(), "{}", option.name);
        }
    }

    #[test]
    fn every_spin_clamps_out_of_range_values_with_a_note() {
        for option in &OPTIONS {
            let OptionKind::Spin(spin) = option.kind else {
                continue;
            };
            for (asked, set) in [(spin.min - 1, spin.min), (spin.max + 1, spin.max)] {
                let mut options = Options::default();
                let outcome = options
                    .set(option.name, Some(&asked.to_string()))
                    .unwrap_or_else(|e| panic!("{}: {e}", option.name));
                let name = option.name;
                let note = format!("{name} value {asked} out of range, set to {set}");
                assert_eq!(outcome.note, Some(note));
                let mut expected = Options::default();
                (spin.apply)(&mut expected, set);
                assert_eq!(options, expected);
            }
        }
    }

    #[test]
    fn the_command_lines_hash_is_checked_as_setoption_checks_hash() {
        assert_eq!(hash_mb(" 64 "), Ok((64, None)));
        for (text, set) in [("100000000", MAX_HASH_MB), ("0", 1)] {
            let mut options = Options::default();
            let outcome = options.set("Hash", Some(text)).expect("clamped");
            assert_eq!(hash_mb(text), Ok((set as usize, outcome.note)));
            assert_eq!(options.hash_mb, set);
        }
        let mut options = Options::default();
        let refused = options.set("Hash", Some("lots")).expect_err("no integer");
        assert_eq!(hash_mb("lots"), Err(refused));
    }

    #[test]
    fn names_are_case_insensitive_and_values_clamped() {
        let mut options = Options::default();
        let outcome = options.set("hash", Some("32")).expect("valid");
        assert_eq!(outcome.effect, OptionEffect::ResizeHash);
        assert_eq!(options.hash_mb, 32);
        let outcome = options.set("Threads", Some("5000")).expect("clamped");
        assert_eq!(options.threads, 1024);
        assert_eq!(
            outcome.note.as_deref(),
            Some("Threads value 5000 out of range, set to 1024")
        );
        options.set("Move Overhead", Some("-5")).expect("clamped");
        assert_eq!(options.move_overhead_ms, 0);
        options.set("UCI_Chess960", Some("TRUE")).expect("check");
        assert!(options.chess960);
        options
            .set("uci_limitstrength", Some("true"))
            .expect("check");
        assert!(options.limit_strength);
        let outcome = options.set("UCI_Elo", Some("100")).expect("clamped");
        assert_eq!(options.elo, MIN_ELO);
        assert_eq!(
            outcome.note.as_deref(),
            Some("UCI_Elo value 100 out of range, set to 800")
        );
        assert_eq!(options.playing_elo(), Some(MIN_ELO));
        let outcome = options.set("skill level", Some("25")).expect("clamped");
        assert_eq!(options.skill_level, MAX_SKILL_LEVEL);
        assert_eq!(
            outcome.note.as_deref(),
            Some("skill level value 25 out of range, set to 20")
        );
        // UCI_LimitStrength and UCI_Elo take precedence over the skill level.
        options.set("Skill Level", Some("5")).expect("valid");
        assert_eq!(options.playing_elo(), Some(MIN_ELO));
        options
            .set("UCI_LimitStrength", Some("false"))
            .expect("check");
        assert_eq!(options.playing_elo(), Some(1200));
        options.set("Skill Level", Some("20")).expect("valid");
        assert_eq!(options.playing_elo(), None);
        assert_eq!(
            options.set("Hash", Some("abc")),
            Err(OptionError::BadValue {
                name: "Hash".into(),
                value: "abc".into(),
                expected: "an integer"
            })
        );
        assert_eq!(
            options.set("NoSuchOption", Some("1")),
            Err(OptionError::Unknown("NoSuchOption".into()))
        );
        assert_eq!(
            options.set("Clear Hash", None).expect("button").effect,
            OptionEffect::ClearHash
        );
    }

    #[test]
    fn syzygy_options_parse_and_clamp() {
        let mut options = Options::default();
        let outcome = options
            .set("SyzygyPath", Some("/tables/3-4-5:/tables/6"))
            .expect("string");
        assert_eq!(outcome.effect, OptionEffect::LoadTablebase);
        assert_eq!(options.syzygy_path, "/tables/3-4-5:/tables/6");
        options.set("SyzygyPath", Some("<empty>")).expect("string");
        assert_eq!(options.syzygy_path, "");
        options.set("syzygyprobedepth", Some("0")).expect("clamped");
        assert_eq!(options.syzygy_probe_depth, 1);
        options.set("SyzygyProbeLimit", Some("9")).expect("clamped");
        assert_eq!(options.syzygy_probe_limit, 7);
        options
            .set("Syzygy50MoveRule", Some("false"))
            .expect("check");
        assert!(!options.syzygy_50_move_rule);
        assert!(options.set("Syzygy50MoveRule", Some("maybe")).is_err());
    }
}
