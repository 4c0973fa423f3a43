#import <UIKit/UIKit.h>
#import "AppDelegate.h"

// [[UIApplication sharedApplication] keyWindow] in a comment does not count.
@implementation LegacyCanvas

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        NSString *note = @"[UIScreen mainScreen].bounds is only text";
        char quote = '"';
        CGRect screen = [UIScreen mainScreen].bounds;
        CGFloat scale = [[UIScreen mainScreen] scale];
        self.metalLayer.drawableSize = CGSizeMake(screen.size.width * scale, screen.size.height * scale);
    }
    return self;
}

- (void)presentAlert:(UIAlertController *)alert {
    UIWindow *window = [[UIApplication sharedApplication] keyWindow];
    [window.rootViewController presentViewController:alert animated:YES completion:nil];
    UIWindow *first = [[[UIApplication sharedApplication] windows] firstObject];
    UIWindow *main = ((AppDelegate *)[UIApplication sharedApplication].delegate).window;
}

- (UIInterfaceOrientationMask)supportedInterfaceOrientations {
    return UIInterfaceOrientationMaskLandscape;
}

@end
