//! `--shard I/N`: one of N processes (a batch system's array tasks) plays only the games
//! whose number g has (g − 1) mod N = I − 1; `tabula match --report` puts the shards
//! back together.

/// Shard `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The variable a Kubernetes Indexed Job's manifest sets to its `completions`
/// (Kubernetes gives each pod its index, `JOB_COMPLETION_INDEX`, but not the count).
pub const COUNT_VARIABLE: &str = "TABULA_SHARD_COUNT";

impl Shard {
    fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || index == 0 || index > count {
            return Err(format!("shard {index}/{count}: I must be from 1 to N"));
        }
        Ok(Shard { index, count })
    }

    /// `I/N`, 1-based.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or(format!("--shard: expected I/N or env, found {text:?}"))?;
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| format!("--shard: not a number: {s:?}"))
        };
        Shard::new(number(i)?, number(n)?)
    }

    /// The shard of this process as a Slurm job array or a Kubernetes Indexed Job says
    /// it: `var` reads an environment variable.
    ///
    /// - Slurm: task `SLURM_ARRAY_TASK_ID` of `SLURM_ARRAY_TASK_COUNT`, counted from
    ///   `SLURM_ARRAY_TASK_MIN` in steps of `SLURM_ARRAY_TASK_STEP` (1 if unset), so
    ///   `--array=0-2` and `--array=1-3` both make shards 1/3 to 3/3.
    /// - Kubernetes: `JOB_COMPLETION_INDEX` (from 0) of `TABULA_SHARD_COUNT`.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let number = |name: &str| -> Result<Option<usize>, String> {
            match var(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("--shard env: {name}={v:?} is not a number")),
            }
        };
        let required = |name: &str| -> Result<usize, String> {
            number(name)?.ok_or(format!("--shard env: {name} is not set"))
        };
        if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let count = required("SLURM_ARRAY_TASK_COUNT")?;
            let min = required("SLURM_ARRAY_TASK_MIN")?;
            let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
            let offset = id
                .checked_sub(min)
                .filter(|o| o % step == 0)
                .ok_or(format!(
                    "--shard env: task {id} is not in an array from {min} in steps of {step}"
                ))?;
            return Shard::new(offset / step + 1, count);
        }
        if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let count = number(COUNT_VARIABLE)?.ok_or(format!(
                "--shard env: JOB_COMPLETION_INDEX is set but {COUNT_VARIABLE} is not \
                 (set it to the Job's completions in its manifest)"
            ))?;
            return Shard::new(index + 1, count);
        }
        Err(
            "--shard env: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor \
             JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"
                .into(),
        )
    }

    /// Does this shard play game number `game`?
    pub fn plays(&self, game: usize) -> bool {
        (game - 1) % self.count == self.index - 1
    }

    pub fn text(&self) -> String {
        format!("{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn shards_split_the_game_numbers_between_them() {
        let shards: Vec<Shard> = (1..=3)
            .map(|i| Shard::parse(&format!("{i}/3")).unwrap())
            .collect();
        for g in 1..=30 {
            let owners: Vec<usize> = shards
                .iter()
                .filter(|s| s.plays(g))
                .map(|s| s.index)
                .collect();
            assert_eq!(owners, [(g - 1) % 3 + 1], "game {g}");
        }
        assert!(Shard::parse("0/3").is_err());
        assert!(Shard::parse("4/3").is_err());
        assert!(Shard::parse("2").is_err());
        assert_eq!(Shard::parse(" 2/ 5").unwrap().text(), "2/5");
    }

    #[test]
    fn slurm_arrays_count_from_their_first_task() {
        let from_zero = [
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
        ];
        assert_eq!(
            Shard::from_env(env(&from_zero)),
            Ok(Shard { index: 3, count: 3 })
        );
        let from_one = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
        ];
        assert_eq!(
            Shard::from_env(env(&from_one)),
            Ok(Shard { index: 1, count: 3 })
        );
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "14"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "10"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert_eq!(
            Shard::from_env(env(&stepped)),
            Ok(Shard { index: 3, count: 4 })
        );
        let outside = [
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
        ];
        assert!(Shard::from_env(env(&outside)).is_err());
        let no_min = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        assert!(
            Shard::from_env(env(&no_min))
                .unwrap_err()
                .contains("SLURM_ARRAY_TASK_MIN")
        );
    }

    #[test]
    fn kubernetes_indexed_jobs_count_from_zero_and_need_the_count() {
        let job = [("JOB_COMPLETION_INDEX", "0"), (COUNT_VARIABLE, "4")];
        assert_eq!(Shard::from_env(env(&job)), Ok(Shard { index: 1, count: 4 }));
        let no_count = [("JOB_COMPLETION_INDEX", "0")];
        assert!(
            Shard::from_env(env(&no_count))
                .unwrap_err()
                .contains(COUNT_VARIABLE)
        );
        assert!(Shard::from_env(env(&[])).is_err());
    }
}
