use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct VehicleArgs {
    /// Fleet number, e.g. `BUS-0417`.
    pub vehicle: String,
}

pub struct Vehicle {
    pub depot: &'static str,
    pub status: &'static str,
    pub odometer_km: u32,
}

pub struct Fleet {
    vehicles: BTreeMap<&'static str, Vehicle>,
}

impl Fleet {
    pub fn demo() -> Self {
        let mut vehicles = BTreeMap::new();
        vehicles.insert("BUS-0417", Vehicle { depot: "North", status: "in service", odometer_km: 412_880 });
        vehicles.insert("BUS-0502", Vehicle { depot: "Harbour", status: "workshop", odometer_km: 198_004 });
        Fleet { vehicles }
    }

    pub fn describe(&self, id: &str) -> Option<String> {
        self.vehicles
            .get(id)
            .map(|v| format!("{id}: {} at {} depot, {} km", v.status, v.depot, v.odometer_km))
    }
}
