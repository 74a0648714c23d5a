"""RQ jobs (module-level functions, ids in) and the queues they run on."""
