/**
 * Texts of the console as operators work with it: the fields of a record's detail (the expand
 * panel of orders, trades and plans) and the codes of their values, a list (or a table of a detail
 * page) whose records could not be loaded, and checks of forms that follow the API's. Merged into
 * each language's messages by consoleMessages (language.ts); each language file in locales/ holds
 * its own version.
 */
export const OPERATIONS_EN = {
  resources: {
    plans: {
      fields: {
        productId: 'Product ID',
        currency: 'Currency',
        dailyIncome: 'Daily income',
        estimatedCurrentIncome: 'Income so far (estimate)',
        nextEarningAt: 'Next payout',
        penalty: 'Early-exit penalty',
        closedAt: 'Closed',
      },
    },
    'u-orders': {
      fields: {
        id: 'ID',
        name: 'Instrument name',
        marketId: 'Instrument ID',
        currency: 'Currency',
        contractSize: 'Contract size',
        limitPrice: 'Limit price',
        stopLoss: 'Stop loss',
        takeProfit: 'Take profit',
        liquidationPrice: 'Liquidation price',
        fee: 'Fee',
        insurance: 'Insurance',
        floatingProfit: 'Floating profit',
        currentPrice: 'Current price',
        openPriceSource: 'Open price from',
        openPriceAt: 'Open price time',
        closeReason: 'Close reason',
        closePriceSource: 'Close price from',
        closePriceAt: 'Close price time',
        openTime: 'Opened',
        closeTime: 'Closed',
      },
    },
    'options-orders': {
      fields: {
        id: 'ID',
        marketId: 'Instrument ID',
        productId: 'Product ID',
        productName: 'Product',
        currency: 'Currency',
        payoutRate: 'Payout rate',
        payoutIfWon: 'Payout if won',
        expiresAt: 'Expires',
        remainingSeconds: 'Seconds left',
        settlePriceSource: 'Settle price from',
        settlePriceAt: 'Settle price time',
        payout: 'Payout',
        settledAt: 'Settled',
      },
    },
    'spot-orders': {
      fields: {
        marketMaker: 'Market maker',
        quoteAmount: 'Amount to spend',
        turnover: 'Turnover',
        held: 'Held',
        heldLeft: 'Still held',
        cancelReason: 'Cancel reason',
        cancelRequestedAt: 'Cancel requested',
        updatedAt: 'Updated',
        closedAt: 'Closed',
      },
    },
    'spot-trades': {
      fields: {
        seq: 'Sequence',
        buyerFee: "Buyer's fee",
        sellerFee: "Seller's fee",
      },
    },
  },
  swx: {
    visual: {
      oneApproval: 'One approval',
      queues: {
        maintenance: 'Maintenance',
        'plan-settlement': 'Plan payouts',
        loans: 'Loans',
        reviews: 'Review reminders',
        trading: 'Orders and options',
        nfts: 'NFT auctions',
        invite: 'Invite rewards',
        notifications: 'Customer notifications',
      },
      browserZone: "In your browser's time zone (%{zone})",
      auditTargets: {
        recharge: 'Deposit',
        withdrawal: 'Withdrawal',
        kyc: 'KYC verification',
        adjustment: 'Ledger adjustment',
        admin_user: 'Admin account',
        announcement: 'Announcement',
        coinNetwork: 'Coin network',
        content_item: 'Content item',
        instrument: 'Instrument',
        level: 'VIP level',
        loan: 'Loan',
        loan_product: 'Loan product',
        options_product: 'Options product',
        outbox: 'Outbox',
        planProduct: 'Plan product',
        support_conversation: 'Support conversation',
        system_parameter: 'System parameter',
        user: 'User',
        nft: 'NFT',
        charity: 'Charity',
      },
      auditActions: {
        recharge: {
          approved: 'Deposit approved',
          rejected: 'Deposit rejected',
          approved_once: 'Deposit approved once (second approval needed)',
        },
        withdrawal: {
          approved: 'Withdrawal approved',
          rejected: 'Withdrawal rejected',
          approved_once: 'Withdrawal approved once (second approval needed)',
          completed: 'Withdrawal paid out',
        },
        kyc: {
          verified: 'KYC approved',
          failed: 'KYC rejected',
        },
        adjustment: {
          created: 'Adjustment requested',
          approved: 'Adjustment approved',
          rejected: 'Adjustment rejected',
        },
        admin: {
          login: 'Signed in',
          login_failed: 'Sign-in failed',
          login_2fa_failed: 'Sign-in code wrong',
          '2fa_enabled': 'Two-factor authentication turned on',
          '2fa_reset': 'Two-factor authentication reset',
          admin_created: 'Admin account created',
          admin_updated: 'Admin account changed',
          admin_enabled: 'Admin account enabled',
          admin_disabled: 'Admin account disabled',
          admin_password_reset: 'Admin password reset',
          password_changed: 'Own password changed',
          password_change_failed: 'Password change failed',
        },
        announcement: {
          created: 'Announcement created',
          updated: 'Announcement changed',
          deleted: 'Announcement deleted',
        },
        content: {
          created: 'Content item created',
          updated: 'Content item changed',
          deleted: 'Content item deleted',
        },
        level: {
          created: 'VIP level created',
          updated: 'VIP level changed',
          deleted: 'VIP level deleted',
        },
        coinNetwork: {
          update: 'Coin network changed',
        },
        loan: {
          markRepaid: 'Loan marked repaid',
        },
        loan_product: {
          created: 'Loan product created',
          updated: 'Loan product changed',
        },
        options_product: {
          created: 'Options product created',
          updated: 'Options product changed',
        },
        planProduct: {
          create: 'Plan product created',
          update: 'Plan product changed',
        },
        instrument: {
          create: 'Instrument created',
          update: 'Instrument changed',
        },
        outbox: {
          read: 'Outbox read',
        },
        parameter: {
          updated: 'Parameter changed',
        },
        support: {
          replied: 'Support reply sent',
          closed: 'Support conversation closed',
        },
        user: {
          frozen: 'User frozen',
          unfrozen: 'User unfrozen',
          demo_enabled: 'Demo book enabled',
          demo_disabled: 'Demo book disabled',
        },
        nft: {
          created: 'NFT listed',
          updated: 'NFT changed',
          withdrawn: 'NFT withdrawn from sale',
        },
        charity: {
          created: 'Charity created',
          updated: 'Charity changed',
        },
      },
    },
    export: {
      preparing: 'Counting the records…',
      progress: 'Exporting %{done} of %{total}…',
      tooMany:
        '%{total} records match these filters, more than the %{max} an export can hold. Narrow the filters and export again.',
      failed: 'The export failed and no file was saved: %{message}',
      changing: 'the list kept changing while it was read; try again',
      done: 'Records exported: %{count}',
    },
    list: {
      failed: 'This list could not be loaded',
      stale: 'The rows below are from the last successful load.',
      retry: 'Retry',
    },
    validation: {
      percentUnder100: 'A percent under 100 with at most 6 decimals, e.g. 0.5',
      confirmationsCount: 'A whole number of confirmations from 1 to 100,000',
    },
    values: {
      direction: {
        up: 'Up',
        down: 'Down',
        buy: 'Buy',
        sell: 'Sell',
      },
      closeReason: {
        manual: 'Closed by the customer',
        stop_loss: 'Stop loss',
        take_profit: 'Take profit',
        liquidation: 'Liquidation',
        cancelled: 'Cancelled before opening',
      },
      cancelReason: {
        user: 'By the customer',
        self_trade: 'Would have traded with an own order',
        no_liquidity: 'No liquidity',
        requote: 'Price moved (requote)',
        rejected: 'Rejected',
      },
      priceSource: {
        tick: 'Price tick',
        quote: 'Quote at order time',
        kline: 'Candle',
      },
      instrumentType: {
        '1': 'Forex',
        '2': 'Crypto',
        '4': 'Futures',
        '5': 'ETF',
        '6': 'Stocks',
        '7': 'Metals',
      },
      hours: {
        alwaysOpen: 'Open 24/7',
        sessions: 'Weekly sessions: %{count}',
      },
      contentSection: {
        footer: 'Footer',
        help: 'Help centre',
      },
      contentType: {
        '1': 'Company',
        '2': 'Policy',
        '3': 'Other',
      },
      bidStatus: {
        active: 'Leading',
        outbid: 'Outbid',
        released: 'Released',
        won: 'Won',
      },
    },
    loans: {
      markRepaidSummary:
        'Records that %{user} repaid %{total} %{currency} outside the platform: principal %{principal} and interest %{interest} accrued so far. The loan closes.',
    },
  },
};

export type OperationsMessages = typeof OPERATIONS_EN;
