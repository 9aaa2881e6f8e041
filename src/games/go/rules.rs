//! Rule sets: which repetitions are forbidden, whether suicide is allowed, how the
//! game is counted and how much White gets back for handicap stones.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// No immediate recapture of a single stone.
    Simple,
    /// A position may not recur with the same player to move.
    Situational,
    /// A position may not recur, whoever is to move.
    Positional,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// White gets nothing back.
    None,
    /// One point per handicap stone (Chinese).
    PerStone,
    /// One point per handicap stone after the first (AGA).
    PerStoneAfterFirst,
}

impl HandicapBonus {
    pub fn points(self, stones: usize) -> f64 {
        match self {
            HandicapBonus::None => 0.0,
            HandicapBonus::PerStone => stones as f64,
            HandicapBonus::PerStoneAfterFirst => stones.saturating_sub(1) as f64,
        }
    }
}

/// The named rule sets of `kgs-rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    Japanese,
    Chinese,
    Aga,
    NewZealand,
    TrompTaylor,
}

impl RuleSet {
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Japanese,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Japanese => "japanese",
            RuleSet::Chinese => "chinese",
            RuleSet::Aga => "aga",
            RuleSet::NewZealand => "new_zealand",
            RuleSet::TrompTaylor => "tromp-taylor",
        }
    }

    pub fn ko(self) -> KoRule {
        match self {
            RuleSet::Japanese => KoRule::Simple,
            // As KGS and most servers implement Chinese rules.
            RuleSet::Chinese | RuleSet::TrompTaylor => KoRule::Positional,
            RuleSet::Aga | RuleSet::NewZealand => KoRule::Situational,
        }
    }

    pub fn suicide_allowed(self) -> bool {
        matches!(self, RuleSet::NewZealand | RuleSet::TrompTaylor)
    }

    pub fn scoring(self) -> Scoring {
        match self {
            RuleSet::Japanese => Scoring::Territory,
            _ => Scoring::Area,
        }
    }

    pub fn handicap_bonus(self) -> HandicapBonus {
        match self {
            RuleSet::Chinese => HandicapBonus::PerStone,
            RuleSet::Aga => HandicapBonus::PerStoneAfterFirst,
            _ => HandicapBonus::None,
        }
    }

    /// Tromp-Taylor counts the board as it stands: no stone is ever dead.
    pub fn removes_dead_stones(self) -> bool {
        self != RuleSet::TrompTaylor
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, thiserror::Error)]
#[error("unknown rule set (known: japanese, chinese, aga, new_zealand, tromp-taylor)")]
pub struct UnknownRuleSet;

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;

    /// Accepts the `kgs-rules` names and the spellings KataGo uses.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "japanese" | "korean" => Ok(RuleSet::Japanese),
            "chinese" => Ok(RuleSet::Chinese),
            "aga" => Ok(RuleSet::Aga),
            "new-zealand" | "newzealand" | "nz" => Ok(RuleSet::NewZealand),
            "tromp-taylor" | "tromptaylor" | "tt" => Ok(RuleSet::TrompTaylor),
            _ => Err(UnknownRuleSet),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse::<RuleSet>().unwrap(), r);
        }
        assert_eq!(
            "NEW_ZEALAND".parse::<RuleSet>().unwrap(),
            RuleSet::NewZealand
        );
        assert!("ing".parse::<RuleSet>().is_err());
    }

    #[test]
    fn handicap_bonus_per_rule_set() {
        assert_eq!(RuleSet::Chinese.handicap_bonus().points(4), 4.0);
        assert_eq!(RuleSet::Aga.handicap_bonus().points(4), 3.0);
        assert_eq!(RuleSet::Japanese.handicap_bonus().points(4), 0.0);
        assert_eq!(RuleSet::Aga.handicap_bonus().points(0), 0.0);
    }
}
