//! Which services a fleet runs: `--target all`, or a comma-separated list of names.

use platform::ServiceSpec;

/// A service by name, and how to make its spec.
type Entry = (&'static str, fn() -> ServiceSpec);

/// Every service but the gateway, in start order.
pub const SERVICES: &[Entry] = &[
    (auth_center::NAME, auth_center::service),
    (saas_main::NAME, saas_main::service),
    (hotel_app::NAME, hotel_app::service),
    (ticket_app::NAME, ticket_app::service),
    (weixin_server::NAME, weixin_server::service),
    (mall_app::NAME, mall_app::service),
    (message_server::NAME, message_server::service),
    (finance_app::NAME, finance_app::service),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Targets {
    /// Services to run, in start order.
    pub services: Vec<&'static str>,
    pub gateway: bool,
}

pub fn known_names() -> Vec<&'static str> {
    std::iter::once(gateway::NAME)
        .chain(SERVICES.iter().map(|(n, _)| *n))
        .collect()
}

impl Targets {
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut wanted: Vec<&str> = Vec::new();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                wanted.extend(known_names());
            } else if let Some(known) = known_names().into_iter().find(|k| *k == name) {
                wanted.push(known);
            } else {
                return Err(format!(
                    "unknown target {name:?}; known: all, {}",
                    known_names().join(", ")
                ));
            }
        }
        if wanted.is_empty() {
            return Err("no target given".to_owned());
        }
        Ok(Self {
            services: SERVICES
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| wanted.contains(n))
                .collect(),
            gateway: wanted.contains(&gateway::NAME),
        })
    }
}

pub fn spec_of(name: &str) -> Option<ServiceSpec> {
    SERVICES.iter().find(|(n, _)| *n == name).map(|(_, f)| f())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fleet_runs_what_the_registry_lists_on_its_ports() {
        let registered: Vec<(&str, u16)> = platform::registry::all()
            .iter()
            .map(|r| (r.name.as_str(), r.port))
            .collect();
        let mut ours = vec![(gateway::NAME, gateway::DEFAULT_PORT)];
        ours.extend(SERVICES.iter().map(|(n, spec)| (*n, spec().default_port)));
        assert_eq!(
            ours, registered,
            "services/registry.json and the fleet disagree"
        );
    }

    #[test]
    fn all_means_every_service_and_the_gateway() {
        let t = Targets::parse("all").unwrap();
        assert_eq!(t.services.len(), 8);
        assert!(t.gateway);
    }

    #[test]
    fn a_list_keeps_start_order_and_drops_repeats() {
        let t = Targets::parse("hotel-app, gateway,auth-center,hotel-app").unwrap();
        assert_eq!(t.services, vec!["auth-center", "hotel-app"]);
        assert!(t.gateway);
    }

    /// The group editor reads what each code allows in both languages: every service's table
    /// (`src/permission_texts.rs`) must match the codes it serves.
    #[test]
    fn every_service_says_what_each_of_its_codes_allows() {
        for (name, spec) in SERVICES {
            assert_eq!(
                spec().permission_text_problems(),
                Vec::<String>::new(),
                "{name}"
            );
        }
    }

    /// Every process declares every service's queue from the registry before it publishes: a
    /// service binding a key the registry does not list would miss the events published before
    /// it first connected.
    #[test]
    fn every_service_binds_what_the_registry_says() {
        for (name, spec) in SERVICES {
            let mut bound: Vec<String> = spec()
                .consumer
                .map(|c| c.bindings().to_vec())
                .unwrap_or_default();
            bound.sort();
            let mut registered = platform::registry::get(name)
                .map(|r| r.consumes.clone())
                .unwrap_or_default();
            registered.sort();
            assert_eq!(
                bound, registered,
                "{name}: services/registry.json `consumes`"
            );
        }
    }

    fn console_constants() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../frontend/packages/shared/src/constants.ts"
        );
        std::fs::read_to_string(path).expect("the console's constants")
    }

    /// The console names the user and merchant types once (`MscType`, `MchType`), as the
    /// platform does (`platform::tenancy`): the two must say the same numbers.
    #[test]
    fn the_console_numbers_user_and_merchant_types_as_the_services_do() {
        use platform::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER, msc};
        let text = console_constants();
        let value = |name: &str| -> i32 {
            let at = text
                .find(&format!("\n  {name}: "))
                .unwrap_or_else(|| panic!("{name} in constants.ts"));
            let rest = &text[at + name.len() + 5..];
            rest[..rest.find(',').expect("a comma")]
                .trim()
                .parse()
                .expect("a number")
        };
        for (name, ours) in [
            ("PlatformAdmin", msc::PLATFORM_ADMIN),
            ("OperatorAdmin", msc::OPERATOR_ADMIN),
            ("OperatorUser", msc::OPERATOR_USER),
            ("OperatorShared", msc::OPERATOR_SHARED),
            ("Api", msc::API_USER),
            ("ApiShared", msc::API_SHARED),
            ("ApiSupplier", msc::API_SUPPLIER),
            ("ApiDistributor", msc::API_DISTRIBUTOR),
            ("Anonymous", msc::ANONYMOUS),
        ] {
            assert_eq!(value(name), ours, "MscType.{name}");
        }
        // `Supplier` and `Distributor` name both a user type and a merchant type there.
        let block = |start: &str| -> String {
            let at = text.find(start).expect(start);
            text[at..at + text[at..].find("} as const").expect("its end")].to_owned()
        };
        let users = block("export const MscType");
        assert!(users.contains(&format!("Supplier: {},", msc::SUPPLIER_USER)));
        assert!(users.contains(&format!("Distributor: {},", msc::DISTRIBUTOR_USER)));
        let merchants = block("export const MchType");
        assert!(merchants.contains(&format!("Supplier: {MCH_SUPPLIER},")));
        assert!(merchants.contains(&format!("Distributor: {MCH_DISTRIBUTOR},")));
    }

    /// Every permission code the console checks is one a service serves: a renamed endpoint
    /// cannot leave a menu or a button behind.
    #[test]
    fn every_code_the_console_checks_is_served() {
        let served: Vec<String> = SERVICES
            .iter()
            .flat_map(|(_, spec)| spec().permissions().into_iter().map(|d| d.code))
            .collect();
        let text = console_constants();
        let mut missing = Vec::new();
        for piece in text.split('\'').skip(1).step_by(2) {
            if piece.starts_with("/saas/")
                && piece.contains(':')
                && !served.iter().any(|c| c == piece)
            {
                missing.push(piece.to_owned());
            }
        }
        assert_eq!(
            missing,
            Vec::<String>::new(),
            "codes in constants.ts no service serves"
        );
    }

    /// docs/configuration.md names every variable a service reads (its spec's `variables` and
    /// its demo switch).
    #[test]
    fn every_service_documents_its_variables() {
        for (name, spec) in SERVICES {
            assert_eq!(
                spec().undocumented_variables(),
                Vec::<String>::new(),
                "{name}"
            );
        }
    }

    #[test]
    fn unknown_names_are_refused() {
        let err = Targets::parse("gateway,hotel").unwrap_err();
        assert!(err.contains("\"hotel\""), "{err}");
        assert!(Targets::parse("").is_err());
    }
}
