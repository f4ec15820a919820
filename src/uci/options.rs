//! The UCI options: how they are announced, parsed and clamped. The tunable search
//! parameters are set through [`set_tunable`], which `ferrite epd --set` uses too.

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
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB as u64,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead_ms: 10,
            chess960: false,
            show_wdl: false,
            debug_log_file: String::new(),
            eval_file: String::new(),
            syzygy_path: String::new(),
            syzygy_probe_depth: 1,
            syzygy_50_move_rule: true,
            syzygy_probe_limit: 7,
            skill_level: MAX_SKILL_LEVEL,
            limit_strength: false,
            elo: DEFAULT_ELO,
        }
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
#[derive(Debug, PartialEq, Eq)]
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
}

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

impl Options {
    /// The `option name …` lines printed in answer to `uci`.
    pub fn announce(&self) -> String {
        let defaults = Options::default();
        let mut text = String::new();
        let spin = |text: &mut String, name: &str, default: u64, min: u64, max: u64| {
            let _ = writeln!(
                text,
                "option name {name} type spin default {default} min {min} max {max}"
            );
        };
        spin(&mut text, "Hash", defaults.hash_mb, 1, MAX_HASH_MB);
        spin(&mut text, "Threads", defaults.threads as u64, 1, 1024);
        spin(&mut text, "MultiPV", defaults.multipv as u64, 1, 256);
        let _ = writeln!(text, "option name Ponder type check default false");
        spin(
            &mut text,
            "Move Overhead",
            defaults.move_overhead_ms,
            0,
            5000,
        );
        let _ = writeln!(text, "option name Clear Hash type button");
        let _ = writeln!(text, "option name UCI_Chess960 type check default false");
        let _ = writeln!(text, "option name UCI_ShowWDL type check default false");
        let _ = writeln!(
            text,
            "option name Debug Log File type string default <empty>"
        );
        let _ = writeln!(text, "option name EvalFile type string default <empty>");
        let _ = writeln!(text, "option name SyzygyPath type string default <empty>");
        spin(
            &mut text,
            "SyzygyProbeDepth",
            defaults.syzygy_probe_depth as u64,
            1,
            100,
        );
        let _ = writeln!(text, "option name Syzygy50MoveRule type check default true");
        spin(
            &mut text,
            "SyzygyProbeLimit",
            u64::from(defaults.syzygy_probe_limit),
            0,
            7,
        );
        spin(
            &mut text,
            "Skill Level",
            defaults.skill_level as u64,
            0,
            MAX_SKILL_LEVEL as u64,
        );
        let _ = writeln!(
            text,
            "option name UCI_LimitStrength type check default false"
        );
        let _ = writeln!(
            text,
            "option name UCI_Elo type spin default {} min {MIN_ELO} max {MAX_ELO}",
            defaults.elo
        );
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

    /// Applies `setoption name <name> [value <value>]`; names are case-insensitive.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<SetOutcome, OptionError> {
        let value_text = value.unwrap_or("").trim();
        let mut note = None;
        // An integer clamped to `min..=max`, with a note when it had to be.
        let mut spin_in = |min: i128, max: i128| -> Result<i128, OptionError> {
            let parsed: i128 = value_text.parse().map_err(|_| OptionError::BadValue {
                name: name.to_string(),
                value: value_text.to_string(),
                expected: "an integer",
            })?;
            let clamped = parsed.clamp(min, max);
            if clamped != parsed {
                let adjusted = Clamped {
                    name: name.to_string(),
                    requested: parsed,
                    set: clamped,
                };
                note = Some(adjusted.to_string());
            }
            Ok(clamped)
        };
        let mut spin = |min: u64, max: u64| -> Result<u64, OptionError> {
            spin_in(i128::from(min), i128::from(max)).map(|value| value as u64)
        };
        let effect = match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = spin(1, MAX_HASH_MB)?;
                OptionEffect::ResizeHash
            }
            "threads" => {
                self.threads = spin(1, 1024)? as usize;
                OptionEffect::None
            }
            "multipv" => {
                self.multipv = spin(1, 256)? as usize;
                OptionEffect::None
            }
            "move overhead" => {
                self.move_overhead_ms = spin(0, 5000)?;
                OptionEffect::None
            }
            "ponder" => {
                self.ponder = parse_check(name, value_text)?;
                OptionEffect::None
            }
            "uci_chess960" => {
                self.chess960 = parse_check(name, value_text)?;
                OptionEffect::None
            }
            "uci_showwdl" => {
                self.show_wdl = parse_check(name, value_text)?;
                OptionEffect::None
            }
            "skill level" => {
                self.skill_level = spin_in(0, i128::from(MAX_SKILL_LEVEL))? as i32;
                OptionEffect::None
            }
            "uci_limitstrength" => {
                self.limit_strength = parse_check(name, value_text)?;
                OptionEffect::None
            }
            "uci_elo" => {
                self.elo = spin_in(i128::from(MIN_ELO), i128::from(MAX_ELO))? as i32;
                OptionEffect::None
            }
            "clear hash" => OptionEffect::ClearHash,
            "debug log file" => {
                self.debug_log_file = parse_string(value_text);
                OptionEffect::ReopenLog
            }
            "evalfile" => {
                self.eval_file = parse_string(value_text);
                OptionEffect::LoadNetwork
            }
            "syzygypath" => {
                self.syzygy_path = parse_string(value_text);
                OptionEffect::LoadTablebase
            }
            "syzygyprobedepth" => {
                self.syzygy_probe_depth = spin(1, 100)? as i32;
                OptionEffect::None
            }
            "syzygy50moverule" => {
                self.syzygy_50_move_rule = parse_check(name, value_text)?;
                OptionEffect::None
            }
            "syzygyprobelimit" => {
                self.syzygy_probe_limit = spin(0, 7)? as u32;
                OptionEffect::None
            }
            _ => {
                let clamped = set_tunable(name, value_text).map_err(|e| match e {
                    TunableError::Unknown(name) => OptionError::Unknown(name),
                    TunableError::NotAnInteger { name, value } => OptionError::BadValue {
                        name,
                        value,
                        expected: "an integer",
                    },
                })?;
                note = clamped.map(|clamped| clamped.to_string());
                OptionEffect::None
            }
        };
        Ok(SetOutcome { effect, note })
    }
}

/// A string option's value: `<empty>`, the default GUIs show, stands for no value.
fn parse_string(value: &str) -> String {
    if value == "<empty>" {
        String::new()
    } else {
        value.to_string()
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
