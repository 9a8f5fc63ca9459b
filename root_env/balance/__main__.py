from root_env.balance.cli import main

raise SystemExit(main())
