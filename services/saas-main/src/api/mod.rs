//! saas-main's HTTP endpoints.

pub mod activity;
pub mod boss;
pub mod dashboard;
pub mod enums;
pub mod merchants;
pub mod notices;
pub mod notify;
pub mod stats;
pub mod tenants;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(enums::load)
        .service(tenants::list)
        .service(tenants::load)
        .service(tenants::save)
        .service(tenants::update)
        .service(tenants::stop)
        .service(tenants::mine)
        .service(merchants::suppliers::list)
        .service(merchants::suppliers::load)
        .service(merchants::suppliers::save)
        .service(merchants::suppliers::update)
        .service(merchants::suppliers::load_for_select)
        .service(merchants::distributors::list)
        .service(merchants::distributors::load)
        .service(merchants::distributors::save)
        .service(merchants::distributors::update)
        .service(merchants::distributors::load_for_select)
        .service(merchants::mine)
        .service(boss::services)
        .service(boss::by_tag)
        .service(boss::recharge)
        .service(boss::consume)
        .service(boss::logs)
        .service(boss::balance_info)
        .service(boss::licences)
        .service(boss::licence)
        .service(notify::load)
        .service(notify::save)
        .service(notices::list)
        .service(notices::save)
        .service(notices::update)
        .service(notices::publish)
        .service(notices::withdraw)
        .service(notices::latest)
        .service(stats::list)
        .service(stats::count)
        .service(stats::product_count)
        .service(stats::interface_list)
        .service(dashboard::saas_overview)
        .service(dashboard::supplier_overview)
        .service(dashboard::distributor_overview)
        .service(dashboard::mch_rank)
        .service(activity::overview)
        .service(activity::per_day);
}
